import type { WalletItem } from '@sawari/contracts';
import {
  lastPunchAt,
  punchOutcome,
  EMPTY_FLOW,
  canAddPassenger,
  isInExpiredTab,
  itemState,
  normaliseVehicleNo,
  parseFlow,
  passengerError,
  quoteKey,
  screenFor,
  splitWallet,
  statusLabelParts,
  stopsAfter,
  vehicleFromScan,
  expiryCountdown,
  itemView,
  seatDeparture,
  whoFor,
  groupByCity,
  MAX_LEGS,
  addLeg,
  canAddLeg,
  currentLeg,
  flowLegs,
  isMultiRoute,
  legsError,
  matchingRoutes,
  directionsBoardingAt,
  connectingStopId,
  removeLeg,
  type Flow,
} from './model';
import { formatCityDate, formatCityDateTime } from '@sawari/domain';

const NOW = Date.UTC(2026, 10, 21, 6, 0, 0); // 11:30 in Kolkata
const fmt = (ms: number) => new Date(ms).toISOString().slice(0, 10);

function item(over: Partial<WalletItem> = {}): WalletItem {
  return {
    transactionId: 'TKT-1',
    ticketId: 't1',
    configurationId: 'ticket-singleJourney',
    productType: 'singleJourneyTicket',
    productSubType: null,
    city: 'mumbai',
    agency: 'AEX',
    categoryId: 'adult',
    categoryName: 'Adult × 1',
    fmId: 'x',
    fare: 150,
    discountedFare: 150,
    farePaise: 15000,
    numOfDays: null,
    passStartDate: '2026-11-21',
    startTime: NOW - 60_000,
    expiryTime: NOW + 3_600_000,
    activationExpiryTime: NOW + 3_600_000,
    bookingTime: NOW - 60_000,
    status: 'UNUSED',
    punches: [],
    rideCount: 0,
    maxTripsPerDay: 1,
    numOfTrips: 1,
    activeDuration: 15,
    fareInfo: { actualFare: 15000, discountedFare: 15000, payableAmount: 15000, fareBreakup: [] },
    isRenewable: false,
    specialFeatures: [],
    infoNote: null,
    conditions: [],
    desc: null,
    ...over,
  };
}
const pass = (over: Partial<WalletItem> = {}) =>
  item({ ticketId: undefined, passId: 'p1', productType: 'pass', transactionId: 'PASS-1', maxTripsPerDay: 2, ...over });

describe('flow', () => {
  it('reads a stored flow defensively', () => {
    expect(parseFlow(null)).toEqual(EMPTY_FLOW);
    expect(parseFlow({ passengers: { adult: 99, child: -1, senior: 2.5 } }).passengers).toEqual({ adult: 1, child: 0, senior: 0 });
    expect(parseFlow({ passengers: { adult: 6, child: 0, senior: 0 } }).passengers.adult).toBe(6);
    expect(parseFlow({ passengers: { adult: 7 } }).passengers.adult).toBe(1);
    expect(parseFlow({ route: { routeId: 'AE-T1-KHR', routeName: 'AE1' }, city: 'mumbai' }).route).toEqual({
      routeId: 'AE-T1-KHR',
      routeName: 'AE1',
      longName: null,
      agency: null,
    });
    expect(parseFlow({ quote: { key: 'k', farePaise: 1.5 } }).quote).toBeNull();
  });
  it('limits passengers: at least 1, at most 6 in all', () => {
    expect(passengerError({ adult: 0, child: 0, senior: 0 })).toBe('NO_PASSENGERS');
    expect(passengerError({ adult: 1, child: 0, senior: 0 })).toBeNull();
    expect(passengerError({ adult: 2, child: 2, senior: 2 })).toBeNull();
    expect(passengerError({ adult: 3, child: 2, senior: 2 })).toBe('TOO_MANY_PASSENGERS');
    expect(canAddPassenger({ adult: 2, child: 2, senior: 1 })).toBe(true);
    expect(canAddPassenger({ adult: 2, child: 2, senior: 2 })).toBe(false);
  });
  it('keys a fare by everything it depends on', () => {
    const f = { ...EMPTY_FLOW, city: 'mumbai', route: { routeId: 'R', routeName: 'R', longName: null, agency: null }, fromStopId: 'A', toStopId: 'B' };
    expect(quoteKey(f)).not.toBe(quoteKey({ ...f, passengers: { adult: 1, child: 1, senior: 0 } }));
    expect(quoteKey(f)).not.toBe(quoteKey({ ...f, toStopId: 'C' }));
    expect(quoteKey(f)).toBe(quoteKey({ ...f }));
  });
  it('lists only stops after the boarding stop', () => {
    const stops = [{ stop_id: 'A' }, { stop_id: 'B' }, { stop_id: 'C' }];
    expect(stopsAfter(stops, 'A').map((s) => s.stop_id)).toEqual(['B', 'C']);
    expect(stopsAfter(stops, 'C')).toEqual([]);
    expect(stopsAfter(stops, 'X')).toEqual([]);
    expect(stopsAfter(stops, null)).toEqual([]);
  });
});

describe('wallet tabs and states', () => {
  it('puts a ticket in the expired tab at its expiry time exactly, not a millisecond before', () => {
    expect(isInExpiredTab(item({ expiryTime: NOW + 1 }), NOW)).toBe(false);
    expect(isInExpiredTab(item({ expiryTime: NOW }), NOW)).toBe(true);
  });
  it('a pass with less than a minute left is expired (spec §4: minutes to expiry ≤ 0)', () => {
    expect(isInExpiredTab(pass({ expiryTime: NOW + 59_999 }), NOW)).toBe(true);
    expect(isInExpiredTab(pass({ expiryTime: NOW + 60_000 }), NOW)).toBe(false);
  });
  it('used, failed and flagged-expired items are in the expired tab', () => {
    const { active, expired } = splitWallet(
      [
        item(),
        item({ transactionId: 'U', status: 'USED' }),
        item({ transactionId: 'F', status: 'PAYMENT_FAILED' }),
        item({ transactionId: 'E', status: 'EXPIRED' }),
      ],
      NOW,
    );
    expect(active.map((i) => i.transactionId)).toEqual(['TKT-1']);
    expect(expired.map((i) => i.transactionId)).toEqual(['U', 'F', 'E']);
  });
  it('verification-pending and rejected passes stay active, and a rejected one opens verification-rejection', () => {
    const rejected = pass({ status: 'REJECTED', expiryTime: null, startTime: null });
    expect(isInExpiredTab(rejected, NOW)).toBe(false);
    expect(itemState(rejected, NOW)).toBe('rejected');
    expect(screenFor(rejected, NOW, true)).toBe('/your-tickets-and-passes/verification-rejection/PASS-1');
    expect(itemState(pass({ status: 'UNVERIFIED' }), NOW)).toBe('verificationPending');
  });
  it('opens a valid item on sound-qr where the city validates by sound, else pass-validation; a future one on before-activation', () => {
    expect(screenFor(item(), NOW, true)).toBe('/your-tickets-and-passes/sound-qr/TKT-1');
    expect(screenFor(item(), NOW, false)).toBe('/your-tickets-and-passes/pass-validation/TKT-1');
    expect(itemState(item({ startTime: NOW + 1 }), NOW)).toBe('notYetValid');
    expect(itemState(item({ startTime: NOW }), NOW)).toBe('valid');
    // a pass whose start is later today is valid today, not "not valid yet"; tomorrow's is not yet
    expect(itemState(pass({ startTime: NOW + 3_600_000 }), NOW)).toBe('valid');
    expect(itemState(pass({ startTime: NOW + 86_400_000 }), NOW)).toBe('notYetValid');
  });
  it('counts down to expiry in a rider’s terms', () => {
    expect(expiryCountdown(item({ expiryTime: NOW + 12 * 60_000 + 30_000 }), NOW)).toEqual({ unit: 'minutes', minutes: 12 });
    expect(expiryCountdown(pass({ expiryTime: NOW + 29 * 86_400_000 + 3_600_000 }), NOW)).toEqual({ unit: 'days', days: 29 });
    expect(expiryCountdown(item({ status: 'USED' }), NOW)).toBeNull();
    expect(expiryCountdown(item({ expiryTime: NOW }), NOW)).toBeNull();
    expect(screenFor(item({ startTime: NOW + 1 }), NOW, true)).toBe('/your-tickets-and-passes/before-activation/TKT-1');
    expect(screenFor(item({ status: 'USED' }), NOW, true)).toBe('/your-tickets-and-passes/summary/TKT-1');
  });
  it('a pass is used up for the day once today’s rides reach the limit and the active duration has passed', () => {
    const p = pass({ maxTripsPerDay: 1, activeDuration: 15, punches: [{ punchingTime: NOW - 15 * 60_000 }] });
    expect(itemState(p, NOW)).toBe('usedUp');
    expect(itemState({ ...p, punches: [{ punchingTime: NOW - 15 * 60_000 + 1 }] }, NOW)).toBe('valid');
    expect(itemState({ ...p, maxTripsPerDay: -1 }, NOW)).toBe('valid');
  });
});

describe('reserved seats in the wallet (shared/domain productStatus)', () => {
  const slot = NOW + 2 * 3_600_000;
  const seat = (status: string) =>
    item({
      transactionId: 'RSV-1',
      ticketId: 'RSV-1',
      productSubType: 'premiumReserveTicket',
      status,
      startTime: slot - 30 * 60_000,
      expiryTime: slot + 3_600_000,
    });
  it('a cancelled seat before its slot is in Expired, opens its summary, says cancelled and counts nothing down', () => {
    for (const status of ['USER_CANCELLED', 'SYSTEM_CANCELLED']) {
      expect(isInExpiredTab(seat(status), NOW)).toBe(true);
      expect(screenFor(seat(status), NOW, true)).toBe('/your-tickets-and-passes/summary/RSV-1');
      expect(statusLabelParts(seat(status), NOW, fmt)).toEqual({ id: 'status.cancelled' });
      expect(expiryCountdown(seat(status), NOW)).toBeNull();
      expect(expiryCountdown(seat(status), slot)).toBeNull();
    }
    expect(itemState(seat('SYSTEM_CANCELLED'), NOW)).toBe('cancelledByOperator');
  });
  it('the old booking of a change of slot leaves Active; the active one offers change and cancel until its departure', () => {
    expect(splitWallet([seat('USER_RESCHEDULED'), seat('ACTIVE')], NOW).active.map((i) => i.status)).toEqual(['ACTIVE']);
    expect(itemState(seat('USER_RESCHEDULED'), NOW)).toBe('replaced');
    expect(itemState(seat('SYSTEM_RESCHEDULED'), NOW)).toBe('moved');
    expect(seatDeparture(seat('ACTIVE'))).toBe(slot);
    expect(itemView(seat('ACTIVE'), NOW).actions).toEqual(['whenValid', 'details', 'change', 'cancel']);
    expect(itemView(seat('ACTIVE'), slot).actions).toEqual(['showCode', 'details']);
    expect(seatDeparture(item())).toBeNull();
  });
  it('nothing in the Expired tab says "expires in"', () => {
    const items = [seat('USER_CANCELLED'), seat('USED'), item({ status: 'EXPIRED' }), item({ expiryTime: NOW }), pass({ status: 'REFUNDED' })];
    const { expired } = splitWallet(items, NOW);
    expect(expired).toHaveLength(items.length);
    for (const i of expired) expect(expiryCountdown(i, NOW)).toBeNull();
  });
});

describe('status label (spec §4 through shared/domain statusLabel)', () => {
  it('gives the words and the dated labels as catalog ids', () => {
    expect(statusLabelParts(item(), NOW, fmt)).toEqual({ id: 'status.ticketValidTill', date: '2026-11-21' });
    expect(statusLabelParts(pass(), NOW, fmt)).toEqual({ id: 'status.validTill', date: '2026-11-21' });
    // a pass ending at a city midnight reads as the day before, with its last minute
    const end = Date.parse('2026-12-23T00:00:00+05:30');
    expect(statusLabelParts(pass({ expiryTime: end }), NOW, formatCityDate, formatCityDateTime)).toEqual({ id: 'status.validTill', date: '22 Dec, 11:59 PM' });
    expect(statusLabelParts(pass({ expiryTime: end }), end + 1, formatCityDate, formatCityDateTime)).toEqual({ id: 'status.expiredOn', date: '22 Dec 2026' });
    expect(statusLabelParts(item({ startTime: NOW + 86_400_000 }), NOW, fmt)).toEqual({ id: 'status.startsFrom', date: '2026-11-22' });
    expect(statusLabelParts(item({ expiryTime: NOW }), NOW, fmt)).toEqual({ id: 'status.expiredOn', date: '2026-11-21' });
    expect(statusLabelParts(item({ status: 'USED' }), NOW, fmt)).toEqual({ id: 'status.used' });
    expect(statusLabelParts(pass({ status: 'UNVERIFIED' }), NOW, fmt)).toEqual({ id: 'status.unverified' });
    expect(statusLabelParts(pass({ status: 'REJECTED' }), NOW, fmt)).toEqual({ id: 'status.rejected' });
    expect(statusLabelParts(pass({ status: 'VERIFIED' }), NOW, fmt)).toEqual({ id: 'status.pending' });
    expect(statusLabelParts(item({ status: 'PAYMENT_FAILED' }), NOW, fmt)).toEqual({ id: 'status.failed' });
    expect(statusLabelParts(item({ status: 'RESCHEDULED' }), NOW, fmt)).toEqual({ id: 'status.rescheduled' });
  });
});

describe('bus numbers', () => {
  it('reads the bus QR of the rider’s city only', () => {
    expect(vehicleFromScan('SWB1.mumbai.mh01ab1234', 'mumbai')).toBe('MH01AB1234');
    expect(vehicleFromScan('SWB1.kochi.KL07AB1', 'mumbai')).toBeNull();
    expect(vehicleFromScan('SWT1.abc', 'mumbai')).toBeNull();
    expect(vehicleFromScan('SWB1.mumbai.', 'mumbai')).toBeNull();
  });
  it('normalises a typed number: 1 to 20 letters, digits, spaces and dashes', () => {
    expect(normaliseVehicleNo('  mh01  ab 1234 ')).toBe('MH01 AB 1234');
    expect(normaliseVehicleNo('A')).toBe('A');
    expect(normaliseVehicleNo('A'.repeat(20))).toBe('A'.repeat(20));
    expect(normaliseVehicleNo('A'.repeat(21))).toBeNull();
    expect(normaliseVehicleNo('')).toBeNull();
    expect(normaliseVehicleNo('-AB')).toBeNull();
    expect(normaliseVehicleNo('MH01<b>')).toBeNull();
  });
});

describe('multi-route legs', () => {
  const leg = (n: number, from = `S${n}`, to = `S${n + 1}`) => ({ routeId: `R${n}`, routeName: `AE${n}`, fromStopId: from, toStopId: to });
  const withCurrent = (legs: ReturnType<typeof leg>[], cur: ReturnType<typeof leg> | null): Flow => ({
    ...EMPTY_FLOW,
    city: 'mumbai',
    legs,
    route: cur ? { routeId: cur.routeId, routeName: cur.routeName, longName: null, agency: 'AEX' } : null,
    fromStopId: cur?.fromStopId ?? null,
    toStopId: cur?.toStopId ?? null,
  });

  it('legsError: 2 to 4 legs, never the same stop or the same leg twice', () => {
    expect(legsError([leg(1)])).toBe('TOO_FEW_LEGS');
    expect(legsError([])).toBe('TOO_FEW_LEGS');
    expect(legsError([leg(1), leg(2)])).toBeNull();
    expect(legsError([leg(1), leg(2), leg(3), leg(4)])).toBeNull();
    expect(legsError([leg(1), leg(2), leg(3), leg(4), leg(5)])).toBe('TOO_MANY_LEGS');
    expect(legsError([leg(1), leg(2, 'X', 'X')])).toBe('SAME_STOP');
    expect(legsError([leg(1), leg(1)])).toBe('SAME_LEG');
    expect(MAX_LEGS).toBe(4);
  });

  it('legsError: each route starts where the one before it ends (the server refuses it otherwise)', () => {
    expect(legsError([leg(1), leg(2)])).toBeNull(); // S1 → S2, S2 → S3
    expect(legsError([leg(1), leg(2, 'S9', 'S3')])).toBe('NOT_CONNECTED');
    expect(legsError([leg(1), leg(2), leg(3, 'S2', 'S5')])).toBe('NOT_CONNECTED');
  });

  it('a connecting leg: starts at the last leg’s to-stop, offers only that stop’s routes matching the search, boards only where it can', () => {
    expect(connectingStopId(withCurrent([], leg(1)))).toBeNull();
    expect(connectingStopId(withCurrent([leg(1), leg(2)], null))).toBe('S3');
    const routes = [
      { route_name: 'AE1', route_long_name: 'Terminal 1 - Kharghar', agency_name: 'AEX' },
      { route_name: '7B', route_long_name: 'Aluva – Fort Kochi', agency_name: 'KSRTC' },
    ];
    expect(matchingRoutes(routes, '')).toEqual(routes);
    expect(matchingRoutes(routes, ' ae 1')).toEqual([routes[0]]);
    expect(matchingRoutes(routes, 'fort')).toEqual([routes[1]]);
    expect(matchingRoutes(routes, 'ksrtc')).toEqual([routes[1]]);
    expect(matchingRoutes(routes, 'thane')).toEqual([]);
    const d = (directionId: number, ids: string[]) => ({ directionId, stops: ids.map((stop_id) => ({ stop_id })) });
    const both = [d(0, ['A', 'B', 'C']), d(1, ['C', 'B', 'A'])];
    expect(directionsBoardingAt(both, 'B')).toEqual(both);
    expect(directionsBoardingAt(both, 'C')).toEqual([both[1]]);
    expect(directionsBoardingAt(both, 'X')).toEqual([]);
  });

  it('addLeg moves the complete current leg into legs and starts the next at its to-stop; at most 4 legs', () => {
    const one = withCurrent([], leg(1));
    expect(canAddLeg(one)).toBe(true);
    const two = addLeg(one);
    expect(two.legs).toEqual([leg(1)]);
    expect(two.route).toBeNull();
    expect(two.fromStopId).toBe('S2');
    expect(two.toStopId).toBeNull();
    expect(isMultiRoute(two)).toBe(true);
    // Incomplete current leg: nothing to add.
    expect(canAddLeg(two)).toBe(false);
    expect(addLeg(two)).toBe(two);
    const three = withCurrent([leg(1), leg(2)], leg(3));
    expect(canAddLeg(three)).toBe(true);
    const four = withCurrent([leg(1), leg(2), leg(3)], leg(4));
    expect(canAddLeg(four)).toBe(false);
    expect(addLeg(four)).toBe(four);
    expect(flowLegs(four)).toHaveLength(4);
  });

  it('flowLegs and currentLeg; removeLeg drops an earlier leg and the quote', () => {
    const f = { ...withCurrent([leg(1), leg(2)], leg(3)), quote: { key: 'k', farePaise: 1, agency: 'AEX' }, detailsConfirmed: true };
    expect(currentLeg(f)).toEqual(leg(3));
    expect(flowLegs(f).map((l) => l.routeId)).toEqual(['R1', 'R2', 'R3']);
    const g = removeLeg(f, 0);
    expect(g.legs).toEqual([leg(2)]);
    expect(g.quote).toBeNull();
    expect(g.detailsConfirmed).toBe(false);
    expect(removeLeg(f, 3)).toBe(f);
    expect(removeLeg(f, -1)).toBe(f);
    // The leg being chosen: the last earlier leg becomes the current one again.
    const back = removeLeg(f, 2);
    expect(back.legs).toEqual([leg(1)]);
    expect(currentLeg(back)).toEqual(leg(2));
    const abandoned = removeLeg(addLeg(withCurrent([], leg(1))), 1);
    expect(abandoned.legs).toEqual([]);
    expect(currentLeg(abandoned)).toEqual(leg(1));
    expect(isMultiRoute(abandoned)).toBe(false);
    const single = withCurrent([], leg(1));
    expect(removeLeg(single, 0)).toBe(single);
    expect(flowLegs(withCurrent([leg(1)], null))).toEqual([leg(1)]);
  });

  it('the quote key changes with the earlier legs', () => {
    const a = withCurrent([leg(1)], leg(2));
    const b = withCurrent([leg(1, 'S1', 'S9')], leg(2));
    expect(quoteKey(a)).not.toBe(quoteKey(b));
    expect(quoteKey(withCurrent([], leg(2)))).not.toBe(quoteKey(a));
  });

  it('parseFlow keeps up to 3 complete earlier legs and drops broken ones', () => {
    const parsed = parseFlow({ legs: [leg(1), { routeId: 'R2' }, leg(3), leg(4), leg(5)], passengers: { adult: 1 } });
    expect(parsed.legs.map((l) => l.routeId)).toEqual(['R1', 'R3']);
    expect(parseFlow({ legs: [leg(1), leg(2), leg(3), leg(4)] }).legs).toHaveLength(3);
    expect(parseFlow({ legs: 'x' }).legs).toEqual([]);
    expect(parseFlow({}).legs).toEqual([]);
    expect(parseFlow(JSON.parse(JSON.stringify(withCurrent([leg(1)], leg(2))))).legs).toEqual([leg(1)]);
  });
});

describe('wallet by city', () => {
  const names: Record<string, string> = { mumbai: 'Mumbai', kochi: 'Kochi', pune: 'Pune' };
  const x = (tx: string, city: string) => ({ transactionId: tx, city });
  it('the current city first, then the others by name, each in its own order', () => {
    const g = groupByCity([x('1', 'pune'), x('2', 'mumbai'), x('3', 'kochi'), x('4', 'pune')], 'mumbai', (c) => names[c]);
    expect(g.map((k) => [k.city, k.items.map((i) => i.transactionId)])).toEqual([
      ['mumbai', ['2']],
      ['kochi', ['3']],
      ['pune', ['1', '4']],
    ]);
  });
  it('the current city stays first even with nothing in it; other empty cities do not show', () => {
    expect(groupByCity([x('1', 'kochi')], 'mumbai', (c) => names[c]).map((k) => [k.city, k.items.length])).toEqual([
      ['mumbai', 0],
      ['kochi', 1],
    ]);
    expect(groupByCity([], 'mumbai', (c) => names[c])).toEqual([{ city: 'mumbai', items: [] }]);
  });
});

describe('who an item is for, from its fields', () => {
  it('a ticket by its passengers, an instant ticket by its fare and count, else the catalogue name', () => {
    expect(whoFor(item({ passengers: { adult: 1, child: 2, senior: 0 } }))).toEqual([
      { kind: 'passenger', passenger: 'adult', count: 1 },
      { kind: 'passenger', passenger: 'child', count: 2 },
    ]);
    expect(whoFor(item({ productSubType: 'instantTicket', categoryName: '₹20 ticket × 2', farePaise: 4000 }))).toEqual([
      { kind: 'instant', farePaise: 2000, count: 2 },
    ]);
    expect(whoFor(pass({ categoryName: 'Student' }))).toEqual([{ kind: 'name', name: 'Student' }]);
    expect(whoFor(item({ passengers: { adult: 0, child: 0, senior: 0 }, categoryName: 'Adult × 0' }))).toEqual([{ kind: 'name', name: 'Adult × 0' }]);
  });
});

describe('lastPunchAt and punchOutcome: a recorded ride', () => {
  it('the newest punch, none before the first ride', () => {
    expect(lastPunchAt({ punches: [] })).toBeNull();
    expect(lastPunchAt({ punches: [{ punchingTime: 5 }, { punchingTime: 9 }, { punchingTime: 7 }] } as unknown as Pick<WalletItem, 'punches'>)).toBe(9);
  });
  it('synced when accepted or a duplicate, the reason when refused, neither while offline', () => {
    const o = { accepted: ['a'], duplicates: ['d'], rejected: [{ punchId: 'r', message: 'Ticket expired' }] };
    expect(punchOutcome(o, 'a')).toEqual({ synced: true, rejected: null });
    expect(punchOutcome(o, 'd')).toEqual({ synced: true, rejected: null });
    expect(punchOutcome(o, 'r')).toEqual({ synced: false, rejected: 'Ticket expired' });
    expect(punchOutcome(o, 'x')).toEqual({ synced: false, rejected: null });
    expect(punchOutcome(null, 'a')).toEqual({ synced: false, rejected: null });
  });
});
