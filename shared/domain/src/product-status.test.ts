import {
  compareWalletItems,
  PRODUCT_KINDS,
  PRODUCT_STATUSES,
  productStatus,
  refundDueBy,
  walletKind,
  type Headline,
  type ProductKind,
  type ProductStatusInput,
} from './product-status';
import { DAY_MS, HOUR_MS, MINUTE_MS } from './constants';

const NOW = Date.parse('2026-11-27T12:00:00+05:30');
const END_OF_DAY = Date.parse('2026-11-28T00:00:00+05:30');

/** A product of each kind that is valid at NOW by its times (started an hour ago, ends later). */
const base = (kind: ProductKind, status: string): ProductStatusInput => ({
  kind,
  status,
  startTime: NOW - HOUR_MS,
  expiryTime: kind === 'pass' ? END_OF_DAY + 29 * DAY_MS : NOW + 3 * HOUR_MS,
  slotStart: kind === 'seat' ? NOW + 2 * HOUR_MS : null,
  maxTripsPerDay: kind === 'pass' ? -1 : 1,
});

// The matrix: the headline of every kind × every status at a time when the product's times make it valid.
// Columns: pass, ticket, seat, cardLoad.
const EXPECTED: Record<string, [Headline, Headline, Headline, Headline]> = {
  SUCCESS: ['valid', 'valid', 'valid', 'unknown'],
  PENDING: ['paymentPending', 'paymentPending', 'paymentPending', 'paymentPending'],
  UNUSED: ['valid', 'valid', 'valid', 'unknown'],
  USED: ['used', 'used', 'used', 'unknown'],
  EXPIRED: ['expired', 'expired', 'expired', 'unknown'],
  FAILED: ['failed', 'failed', 'failed', 'failed'],
  REJECTED: ['rejected', 'rejected', 'rejected', 'unknown'],
  UNVERIFIED: ['verificationPending', 'verificationPending', 'verificationPending', 'unknown'],
  VERIFIED: ['approved', 'approved', 'approved', 'unknown'],
  PAYMENT_FAILED: ['failed', 'failed', 'failed', 'failed'],
  PAYMENT_PROCESSING: ['paymentPending', 'paymentPending', 'paymentPending', 'paymentPending'],
  RESCHEDULED: ['replaced', 'replaced', 'replaced', 'unknown'],
  ACTIVE: ['valid', 'valid', 'valid', 'unknown'],
  USER_CANCELLED: ['cancelled', 'cancelled', 'cancelled', 'unknown'],
  SYSTEM_CANCELLED: ['cancelledByOperator', 'cancelledByOperator', 'cancelledByOperator', 'unknown'],
  USER_RESCHEDULED: ['replaced', 'replaced', 'replaced', 'unknown'],
  SYSTEM_RESCHEDULED: ['moved', 'moved', 'moved', 'unknown'],
  PUNCHED: ['boarded', 'boarded', 'boarded', 'unknown'],
  BOOKING_UNDER_PROCESS: ['paymentPending', 'paymentPending', 'paymentPending', 'unknown'],
  BOOKING_FAILED: ['failed', 'failed', 'failed', 'unknown'],
  ISSUED: ['valid', 'valid', 'valid', 'unknown'],
  CANCELLED: ['cancelled', 'cancelled', 'cancelled', 'unknown'],
  REFUNDED: ['refunded', 'refunded', 'refunded', 'refunded'],
  CREATED: ['paymentPending', 'paymentPending', 'paymentPending', 'paymentPending'],
  STAGED: ['unknown', 'unknown', 'unknown', 'waitingForTap'],
  PENDING_ON_CARD: ['unknown', 'unknown', 'unknown', 'waitingForTap'],
  WRITTEN: ['unknown', 'unknown', 'unknown', 'written'],
};

/** Headlines of a product that was never usable, or is no longer: no forward-looking time line, no code to show. */
const NOT_USABLE: Headline[] = [
  'cancelled',
  'cancelledByOperator',
  'replaced',
  'moved',
  'refunded',
  'failed',
  'rejected',
  'paymentPending',
  'verificationPending',
  'approved',
  'used',
  'boarded',
  'unknown',
  'waitingForTap',
  'written',
];

describe('product status matrix', () => {
  it('has a row for every status and a column for every kind', () => {
    expect(Object.keys(EXPECTED).sort()).toEqual([...PRODUCT_STATUSES].sort());
    expect(PRODUCT_KINDS).toHaveLength(4);
  });

  const cells = PRODUCT_STATUSES.flatMap((status) => PRODUCT_KINDS.map((kind, col) => [kind, status, EXPECTED[status][col]] as const));
  it.each(cells)('%s × %s → %s', (kind, status, headline) => {
    const v = productStatus(base(kind, status), NOW);
    expect(v.headline).toBe(headline);
    expect(v.kind).toBe(kind);
    // the invariants every screen relies on
    if (NOT_USABLE.includes(v.headline)) {
      expect(v.validity).toBeNull();
      expect(v.actions).not.toContain('showCode');
      expect(v.actions).not.toContain('whenValid');
      // never the green of a usable product (a cancelled seat beside a green pill was the bug), except a card load written or waiting for its tap, or a seat on board
      if (!['written', 'waitingForTap', 'boarded'].includes(v.headline)) expect(v.pill.tone).not.toBe('ok');
    }
    if (v.tab === 'expired') expect(['validIn', 'expiresIn']).not.toContain(v.validity?.kind);
    if (v.tab === 'active') expect(v.validity?.kind).not.toBe('expiredOn');
    if (v.actions.includes('change') || v.actions.includes('cancel')) expect(kind).toBe('seat');
    if (v.headline === 'valid') expect(v.actions).toContain('showCode');
  });

  it('is 4 kinds × 27 statuses = 108 cells', () => expect(cells).toHaveLength(108));
});

describe('time boundaries', () => {
  const ticket = (over: Partial<ProductStatusInput> = {}) => ({ ...base('ticket', 'UNUSED'), ...over });
  it('a ticket is not valid yet until its start instant, then valid; expired at its expiry instant exactly', () => {
    const start = NOW + 10 * MINUTE_MS;
    expect(productStatus(ticket({ startTime: start }), start - 1)).toMatchObject({
      headline: 'notYetValid',
      validity: { kind: 'validIn', at: start },
      pill: { label: 'startsFrom', at: start },
    });
    expect(productStatus(ticket({ startTime: start }), start).headline).toBe('valid');
    const end = NOW + HOUR_MS;
    expect(productStatus(ticket({ expiryTime: end }), end - 1)).toMatchObject({
      headline: 'valid',
      validity: { kind: 'expiresIn', left: { unit: 'seconds', seconds: 1 } },
    });
    expect(productStatus(ticket({ expiryTime: end }), end)).toMatchObject({ headline: 'expired', tab: 'expired', validity: { kind: 'expiredOn', at: end } });
  });

  it('a ticket that starts when it is bought is valid at once, even on a device clock a moment behind the server that issued it', () => {
    const bought = NOW;
    // the wallet's clock reads 800 ms before the server's issue instant (the Date header's second, a 30 s tick)
    const v = productStatus(ticket({ startTime: bought, expiryTime: bought + 24 * HOUR_MS, bookedAt: bought }), bought - 800);
    expect(v).toMatchObject({ headline: 'valid', pill: { label: 'ticketValidTill' } });
    expect(v.actions).toContain('showCode');
    // a product that starts later than it was bought still waits for its start
    expect(productStatus(ticket({ startTime: bought + HOUR_MS, bookedAt: bought }), bought + 1).headline).toBe('notYetValid');
  });

  it('period and paid: only a product that is, will be or was usable shows its period; a cancelled or refunded one was still paid', () => {
    const seat = (status: string) => productStatus({ ...base('seat', status), startTime: NOW + HOUR_MS, slotStart: NOW + 2 * HOUR_MS }, NOW);
    expect(seat('ACTIVE')).toMatchObject({ headline: 'notYetValid', period: true, paid: true });
    for (const status of ['USER_CANCELLED', 'SYSTEM_CANCELLED', 'USER_RESCHEDULED', 'SYSTEM_RESCHEDULED', 'REFUNDED'])
      expect(seat(status)).toMatchObject({ period: false, paid: true });
    for (const status of ['PENDING', 'PAYMENT_FAILED', 'BOOKING_FAILED']) expect(seat(status)).toMatchObject({ period: false, paid: false });
    expect(productStatus(ticket({ status: 'USED' }), NOW)).toMatchObject({ period: true, paid: true });
    expect(productStatus(ticket({ expiryTime: NOW - 1 }), NOW)).toMatchObject({ headline: 'expired', period: true, paid: true });
  });

  it('the wallet order: newest first; one journey’s tickets leg 1 first; else by transaction id', () => {
    const item = (transactionId: string, bookingTime: number, leg?: number) => ({
      transactionId,
      bookingTime,
      journey: leg ? { orderId: 'JNY-1', leg } : undefined,
    });
    const items = [item('TKT-a', NOW - 1), item('TKT-b', NOW, 2), item('TKT-c', NOW, 1), item('TKT-d', NOW + 1)];
    expect([...items].sort(compareWalletItems).map((i) => i.transactionId)).toEqual(['TKT-d', 'TKT-c', 'TKT-b', 'TKT-a']);
  });

  it('a pass starting later today is valid today; tomorrow’s is not valid yet; it expires with under a minute left', () => {
    const pass = (over: Partial<ProductStatusInput>) => ({ ...base('pass', 'SUCCESS'), ...over });
    expect(productStatus(pass({ startTime: NOW + HOUR_MS }), NOW).headline).toBe('valid');
    expect(productStatus(pass({ startTime: END_OF_DAY + HOUR_MS }), NOW).headline).toBe('notYetValid');
    expect(productStatus(pass({ expiryTime: NOW + 60_000 }), NOW).headline).toBe('valid');
    expect(productStatus(pass({ expiryTime: NOW + 59_999 }), NOW).headline).toBe('expired');
    // a pass's end is shown as its last minute (11:59 PM of its last day), never the exclusive midnight
    expect(productStatus(pass({ expiryTime: END_OF_DAY }), NOW).pill).toEqual({ tone: 'ok', label: 'validTill', at: END_OF_DAY - 1 });
  });

  it('a pass is used up once today’s rides reach the limit and the active duration has passed', () => {
    const p = { ...base('pass', 'SUCCESS'), maxTripsPerDay: 1, activeDurationMs: 15 * MINUTE_MS };
    expect(productStatus({ ...p, punches: [{ punchingTime: NOW - 15 * MINUTE_MS }] }, NOW)).toMatchObject({ headline: 'usedUp', validity: null });
    expect(productStatus({ ...p, punches: [{ punchingTime: NOW - 15 * MINUTE_MS + 1 }] }, NOW).headline).toBe('valid');
  });

  it('a renewable pass offers renew while valid and once expired', () => {
    const p = { ...base('pass', 'SUCCESS'), renewable: true };
    expect(productStatus(p, NOW).actions).toContain('renew');
    expect(productStatus({ ...p, expiryTime: NOW - 1 }, NOW).actions).toEqual(['details', 'renew']);
    expect(productStatus({ ...p, renewable: false }, NOW).actions).not.toContain('renew');
  });

  it('a seat offers change and cancel until its departure, not at it', () => {
    const slot = NOW + 2 * HOUR_MS;
    const seat = { ...base('seat', 'ACTIVE'), startTime: slot - 30 * MINUTE_MS, expiryTime: slot + 2 * HOUR_MS, slotStart: slot };
    expect(productStatus(seat, NOW)).toMatchObject({ headline: 'notYetValid', actions: ['whenValid', 'details', 'change', 'cancel'] });
    expect(productStatus(seat, slot - 30 * MINUTE_MS)).toMatchObject({ headline: 'valid', actions: ['showCode', 'details', 'change', 'cancel'] });
    expect(productStatus(seat, slot).actions).toEqual(['showCode', 'details']);
  });

  it('a cancelled seat before its slot never reads "not valid yet · valid in 2 h"', () => {
    const slot = NOW + 2 * HOUR_MS;
    for (const status of ['USER_CANCELLED', 'SYSTEM_CANCELLED', 'USER_RESCHEDULED', 'SYSTEM_RESCHEDULED']) {
      const v = productStatus({ ...base('seat', status), startTime: slot - 30 * MINUTE_MS, expiryTime: slot + HOUR_MS, slotStart: slot }, NOW);
      expect(v).toMatchObject({ tab: 'expired', validity: null });
      expect(v.actions).not.toContain('change');
      // and after its slot it still says what happened, not "expired"
      expect(productStatus({ ...base('seat', status), expiryTime: NOW - 1 }, NOW).headline).toBe(v.headline);
    }
  });

  it('a flagged-expired product is expired whatever its times say', () => {
    expect(productStatus({ ...base('ticket', 'EXPIRED'), expiryTime: NOW + HOUR_MS }, NOW)).toMatchObject({ headline: 'expired', tab: 'expired' });
    expect(productStatus({ ...base('ticket', 'EXPIRED'), expiryTime: null }, NOW)).toMatchObject({
      headline: 'expired',
      validity: null,
      pill: { label: 'expired' },
    });
  });
});

describe('walletKind', () => {
  it('tells a seat, a ticket and a pass apart', () => {
    expect(walletKind({ transactionId: 'RSV-1', ticketId: 'RSV-1', productSubType: 'premiumReserveTicket' })).toBe('seat');
    expect(walletKind({ transactionId: 'TKT-1', ticketId: 't', productSubType: null })).toBe('ticket');
    expect(walletKind({ transactionId: 'PASS-1', productSubType: null })).toBe('pass');
  });
});

describe('refundDueBy: the day a refund on its way arrives by', () => {
  const day = (iso: string) => Date.parse(`${iso}T12:00:00+05:30`);
  it('counts working days in city time, skipping Saturdays and Sundays', () => {
    // Friday 27 Nov 2026 → 7 working days → Tuesday 8 Dec 2026
    expect(refundDueBy(Date.parse('2026-11-27T09:00:00+05:30'))).toBe(day('2026-12-08'));
    // a refund started late on Friday night in India is still Friday's
    expect(refundDueBy(Date.parse('2026-11-27T23:59:00+05:30'), 1)).toBe(day('2026-11-30'));
    // started on a Saturday: Monday is the first working day
    expect(refundDueBy(Date.parse('2026-11-28T10:00:00+05:30'), 1)).toBe(day('2026-11-30'));
    expect(refundDueBy(Date.parse('2026-11-30T10:00:00+05:30'), 0)).toBe(day('2026-11-30'));
  });
  it("counts in the city's own zone: noon of its due day, not India's", () => {
    // Friday 11:30 PM in New York is Saturday in India: the city's Friday counts, and the answer is New York's noon
    expect(refundDueBy(Date.parse('2026-11-27T23:30:00-05:00'), 1, 'America/New_York')).toBe(Date.parse('2026-11-30T12:00:00-05:00'));
    expect(refundDueBy(Date.parse('2026-11-27T23:30:00-05:00'), 0, 'America/New_York')).toBe(Date.parse('2026-11-27T12:00:00-05:00'));
  });
});
