import {
  adultFarePaise,
  checkPassengers,
  firstUnconnectedLeg,
  passengerFarePaise,
  pathMeters,
  quoteFare,
  quoteInstant,
  rideSegment,
  stagesFor,
  ticketValidity,
  type FareTable,
} from './fares';
import { aggregateFares } from './passes';

const stage = { model: 'stage' as const, stageMeters: 2_000, minimumFarePaise: 1_000, minimumStages: 1, perStagePaise: 500 };
const table: FareTable = {
  agency: 'Test',
  rule: stage,
  roundingLogic: 'NEAREST_RUPEE',
  maxPassengers: 6,
  passengerTypes: { adult: { name: 'Adult', percent: 100 }, child: { name: 'Child', percent: 50 }, senior: { name: 'Senior citizen', percent: 75 } },
};

describe('stages', () => {
  it('counts at least one stage, a boundary belongs to the stage it ends, one metre more starts the next', () => {
    expect(stagesFor(0, 2_000)).toBe(1);
    expect(stagesFor(1, 2_000)).toBe(1);
    expect(stagesFor(2_000, 2_000)).toBe(1);
    expect(stagesFor(2_001, 2_000)).toBe(2);
    expect(stagesFor(4_000, 2_000)).toBe(2);
    expect(stagesFor(4_001, 2_000)).toBe(3);
    expect(() => stagesFor(10, 0)).toThrow();
  });
  it('minimum fare for the minimum stages, then per stage, capped by the maximum', () => {
    expect(adultFarePaise(stage, 2_000)).toBe(1_000);
    expect(adultFarePaise(stage, 2_001)).toBe(1_500);
    expect(adultFarePaise(stage, 6_000)).toBe(2_000);
    const twoMin = { ...stage, minimumStages: 2 };
    expect(adultFarePaise(twoMin, 4_000)).toBe(1_000);
    expect(adultFarePaise(twoMin, 4_001)).toBe(1_500);
    expect(adultFarePaise({ ...stage, maxFarePaise: 2_500 }, 100_000)).toBe(2_500);
    expect(adultFarePaise({ ...stage, maxFarePaise: 2_500 }, 6_001)).toBe(2_500);
    expect(adultFarePaise({ model: 'flat', farePaise: 15_000 }, 1)).toBe(15_000);
    expect(adultFarePaise({ model: 'flat', farePaise: 15_000 }, 90_000)).toBe(15_000);
  });
});

describe('rounding of discounted fares', () => {
  it('nearest rupee: 50 paise goes up, 49 down', () => {
    expect(passengerFarePaise(1_500, 50, 'NEAREST_RUPEE')).toBe(800); // ₹7.50 → ₹8
    expect(passengerFarePaise(1_498, 50, 'NEAREST_RUPEE')).toBe(700); // ₹7.49 → ₹7
    expect(passengerFarePaise(1_400, 50, 'NEAREST_RUPEE')).toBe(700);
  });
  it('up and down to the rupee; NONE to the paisa', () => {
    expect(passengerFarePaise(1_502, 50, 'UP_TO_RUPEE')).toBe(800);
    expect(passengerFarePaise(1_400, 50, 'UP_TO_RUPEE')).toBe(700);
    expect(passengerFarePaise(1_598, 50, 'DOWN_TO_RUPEE')).toBe(700);
    expect(passengerFarePaise(1_001, 50, 'NONE')).toBe(501); // 500.5 → 501
    expect(passengerFarePaise(1_333, 75, 'NONE')).toBe(1_000); // 999.75 → 1000
  });
  it('100 % is the adult fare exactly', () => {
    expect(passengerFarePaise(1_234, 100, 'NEAREST_RUPEE')).toBe(1_234);
  });
});

describe('fare result', () => {
  it('one group per type with riders: actual at the adult fare, payable rounded, a concession line', () => {
    const r = quoteFare(table, 2_001, { adult: 2, child: 1, senior: 0 });
    expect(r).toEqual({
      roundingLogic: 'NEAREST_RUPEE',
      totalAvailableSeats: 6,
      payableAmount: 3_800,
      actualAmount: 4_500,
      passengerDetails: [
        {
          id: 'adult',
          name: 'Adult',
          isDiscountApplicable: false,
          payableAmount: 3_000,
          actualAmount: 3_000,
          fareBreakup: [{ name: 'Ticket fare', value: 3_000 }],
          categorySeatLimit: 6,
        },
        {
          id: 'child',
          name: 'Child',
          isDiscountApplicable: true,
          payableAmount: 800,
          actualAmount: 1_500,
          fareBreakup: [
            { name: 'Ticket fare', value: 1_500 },
            { name: 'Child concession', value: -700 },
          ],
          categorySeatLimit: 6,
        },
      ],
    });
  });
  it('senior at 75 % of a ₹10 stage: ₹7.50 → ₹8', () => {
    expect(quoteFare(table, 500, { senior: 1 }).payableAmount).toBe(800);
  });
  it('aggregates over several legs with the spec rule', () => {
    const a = quoteFare(table, 1_000, { adult: 1, child: 1 });
    const b = quoteFare(table, 5_000, { adult: 1, child: 1 });
    const agg = aggregateFares([a, b])!;
    expect(agg.passengerDetails.map((g) => [g.id, g.payableAmount, g.actualAmount])).toEqual([
      ['adult', 3_000, 3_000],
      ['child', 500 + 1_000, 3_000],
    ]);
    expect(agg.passengerDetails[1].fareBreakup).toEqual([
      { name: 'Ticket fare', value: 3_000 },
      { name: 'Child concession', value: -1_500 },
    ]);
  });
  it('instant: count × fare in one group', () => {
    expect(quoteInstant({ id: 'i10', name: '₹10 ticket', farePaise: 1_000 }, 3, 6)).toMatchObject({
      payableAmount: 3_000,
      passengerDetails: [{ id: 'i10', payableAmount: 3_000 }],
    });
  });
});

describe('passengers', () => {
  it('needs one and allows up to the maximum', () => {
    expect(checkPassengers({ adult: 0, child: 0, senior: 0 }, 6)).toBe('NO_PASSENGERS');
    expect(checkPassengers({ child: 1 }, 6)).toBeNull();
    expect(checkPassengers({ adult: 4, child: 1, senior: 1 }, 6)).toBeNull();
    expect(checkPassengers({ adult: 4, child: 2, senior: 1 }, 6)).toBe('TOO_MANY_PASSENGERS');
  });
});

describe('ride segment and distance', () => {
  const s = (id: string, lat: number) => ({ stop_id: id, lat, lon: 72.8 });
  const p1 = [s('A', 19.0), s('B', 19.01), s('C', 19.02), s('D', 19.03)];
  const back = [...p1].reverse();
  it('takes the stops from boarding to alighting; errors for same stop, unknown stop, wrong way', () => {
    expect(rideSegment([p1], 'B', 'D')).toEqual({ ok: true, stops: p1.slice(1) });
    expect(rideSegment([p1, back], 'D', 'B')).toEqual({ ok: true, stops: back.slice(0, 3) });
    expect(rideSegment([p1], 'B', 'B')).toEqual({ ok: false, error: 'SAME_STOP' });
    expect(rideSegment([p1], 'B', 'X')).toEqual({ ok: false, error: 'STOP_NOT_ON_ROUTE' });
    expect(rideSegment([p1], 'D', 'B')).toEqual({ ok: false, error: 'WRONG_DIRECTION' });
  });
  it('connecting routes: each starts where the one before it ends (the first leg that does not, else null)', () => {
    const leg = (fromStopId: string, toStopId: string) => ({ fromStopId, toStopId });
    expect(firstUnconnectedLeg([leg('A', 'B'), leg('B', 'C'), leg('C', 'D')])).toBeNull();
    expect(firstUnconnectedLeg([leg('A', 'B')])).toBeNull();
    expect(firstUnconnectedLeg([leg('A', 'B'), leg('X', 'C')])).toBe(1);
    expect(firstUnconnectedLeg([leg('A', 'B'), leg('B', 'C'), leg('A', 'D')])).toBe(2);
  });
  it('picks the shortest segment when a pattern loops', () => {
    const loop = [s('A', 19.0), s('B', 19.01), s('A', 19.0), s('C', 19.02)];
    expect(rideSegment([loop], 'A', 'C')).toEqual({ ok: true, stops: loop.slice(2) });
  });
  it('measures straight lines between consecutive stops in metres (0.01° of latitude ≈ 1,112 m)', () => {
    expect(pathMeters(p1.slice(0, 2))).toBe(1_112);
    expect(pathMeters(p1)).toBe(3_336);
    expect(pathMeters([p1[0]])).toBe(0);
  });
});

describe('ticket validity', () => {
  it('single journey: 24 h from booking; instant: 15 min', () => {
    expect(ticketValidity('singleJourney', 1_000)).toEqual({
      startTime: 1_000,
      expiryTime: 1_000 + 86_400_000,
      activationExpiryTime: 1_000 + 86_400_000,
      activeDurationMinutes: 15,
    });
    expect(ticketValidity('instant', 1_000)).toMatchObject({ expiryTime: 1_000 + 900_000, activationExpiryTime: 1_000 + 900_000 });
  });
});
