import { bookedBusStatus, canRebook, popUpFor, type BookedBusReport, type PremiumBooking } from './premium';

const ist = (s: string) => Date.parse(`${s}+05:30`);
const now = ist('2026-11-21T09:00:00');
const slot = ist('2026-11-21T18:00:00');
const b = (o: Partial<PremiumBooking>): PremiumBooking => ({
  bookingId: 'b1',
  firstBookingId: 'b1',
  status: 'ACTIVE',
  tripSlotStartTime: slot,
  bookingTime: now - 1000,
  expiryTime: slot + 3_600_000,
  ...o,
});

describe('premium rebooking', () => {
  it('allows a slot exactly 5 min away or more, refuses closer', () => {
    expect(canRebook([b({})], 'b1', slot + 300_000, now)).toBe(true);
    expect(canRebook([b({})], 'b1', slot - 300_000, now)).toBe(true);
    expect(canRebook([b({})], 'b1', slot + 299_999, now)).toBe(false);
    expect(canRebook([b({})], 'b1', slot, now)).toBe(false);
  });
  it('looks at the latest booking of the chain only, which must be active and unexpired', () => {
    const old = b({ bookingId: 'b1', status: 'USER_RESCHEDULED', bookingTime: now - 5000 });
    const latest = b({ bookingId: 'b2', bookingTime: now - 100, tripSlotStartTime: slot + 3_600_000 });
    expect(canRebook([old, latest], 'b1', slot, now)).toBe(true);
    expect(canRebook([old, { ...latest, status: 'USER_CANCELLED' }], 'b1', slot, now)).toBe(false);
    expect(canRebook([b({ expiryTime: now })], 'b1', slot + 3_600_000, now)).toBe(false);
    expect(canRebook([], 'b1', slot, now)).toBe(false);
  });
});

describe('reschedule and cancel pop-ups', () => {
  it('shows the cancellation pop-up once for a system-cancelled booking', () => {
    expect(popUpFor(b({ status: 'SYSTEM_CANCELLED' }), now)).toBe('cancellation');
    expect(popUpFor(b({ status: 'SYSTEM_CANCELLED', isCancellationPopUpShown: true }), now)).toBeNull();
    expect(popUpFor(b({ status: 'USER_CANCELLED' }), now)).toBeNull();
  });
  it('shows the reschedule pop-up for an active booking system-rescheduled from an earlier one', () => {
    const r = b({ bookingId: 'b2', prevBookingStatus: 'SYSTEM_RESCHEDULED' });
    expect(popUpFor(r, now)).toBe('reschedule');
    expect(popUpFor({ ...r, isReschedulePopUpShown: true }, now)).toBeNull();
    expect(popUpFor({ ...r, bookingId: 'b1' }, now)).toBeNull(); // not from an earlier booking
  });
  it('never for expired, failed, or past the slot day', () => {
    expect(popUpFor(b({ status: 'SYSTEM_CANCELLED', expiryTime: now }), now)).toBeNull();
    expect(popUpFor(b({ status: 'FAILED' }), now)).toBeNull();
    expect(popUpFor(b({ status: 'SYSTEM_CANCELLED', expiryTime: null }), ist('2026-11-22T00:00:00'))).toBeNull();
    expect(popUpFor(b({ status: 'SYSTEM_CANCELLED', expiryTime: null }), ist('2026-11-21T23:59:59'))).toBe('cancellation');
  });
});

describe('booked bus status (spec §9 premium tracking)', () => {
  const slotStart = ist('2026-11-23T08:00:00');
  const boardingAt = slotStart + 35 * 60_000;
  const until = slotStart + 85 * 60_000;
  const bus = (o: Partial<BookedBusReport> = {}): BookedBusReport => ({ tS: slotStart + 19 * 60_000, delaySeconds: 0, scheduleSecs: 20 * 60, ...o });
  const at = (t: number, report: BookedBusReport | null = bus()) => bookedBusStatus({ slotStart, boardingAt, until, bus: report }, t);

  it('opens exactly 30 minutes before the slot; polls a quarter of the time to the slot, never below 120 s', () => {
    expect(at(slotStart - 30 * 60_000 - 1).state).toBe('NOT_OPEN');
    expect(at(slotStart - 30 * 60_000).state).toBe('LIVE');
    expect(at(slotStart - 4 * 3_600_000).pollAfterMs).toBe(3_600_000);
    expect(at(slotStart - 40 * 60_000).pollAfterMs).toBe(10 * 60_000); // not past the opening
    expect(at(slotStart - 31 * 60_000).pollAfterMs).toBe(120_000);
    expect(at(slotStart - 20 * 60_000).pollAfterMs).toBe(300_000);
    expect(at(slotStart - 8 * 60_000).pollAfterMs).toBe(120_000);
    expect(at(slotStart + 10 * 60_000).pollAfterMs).toBe(120_000);
    expect(at(until).state).toBe('OVER');
    expect(at(until - 1).state).toBe('LIVE');
  });

  it('ETA to the boarding stop from the delay; timeliness at 300/300/360 s', () => {
    const t = slotStart + 20 * 60_000;
    expect(at(t)).toMatchObject({ state: 'LIVE', expectedAt: boardingAt, etaSeconds: 15 * 60, timeliness: 'On Time' });
    expect(at(t, bus({ delaySeconds: -301 })).timeliness).toBe('Arriving Early');
    expect(at(t, bus({ delaySeconds: -300 })).timeliness).toBe('On Time');
    expect(at(t, bus({ delaySeconds: 299 })).timeliness).toBe('On Time');
    expect(at(t, bus({ delaySeconds: 300 })).timeliness).toBe('Running behind');
    expect(at(t, bus({ delaySeconds: 360 })).timeliness).toBe('Delayed');
    expect(at(t, bus({ delaySeconds: 600 }))).toMatchObject({ expectedAt: boardingAt + 600_000, etaSeconds: 25 * 60 });
    expect(at(boardingAt + 60_000, bus({ scheduleSecs: 34 * 60 })).etaSeconds).toBe(0);
  });

  it('a report older than 15 min or without a prediction gives the scheduled time; no report: NO_DATA; past the stop: PASSED', () => {
    const t = slotStart + 20 * 60_000;
    expect(at(t, bus({ tS: t - 15 * 60_000, delaySeconds: 120 })).delaySeconds).toBe(120);
    expect(at(t, bus({ tS: t - 15 * 60_000 - 1, delaySeconds: 120 }))).toMatchObject({ delaySeconds: null, timeliness: null, expectedAt: boardingAt });
    expect(at(t, bus({ delaySeconds: null }))).toMatchObject({ state: 'LIVE', timeliness: null, etaSeconds: 15 * 60 });
    expect(at(t, null)).toMatchObject({ state: 'NO_DATA', etaSeconds: null });
    expect(at(t, bus({ scheduleSecs: 35 * 60 })).state).toBe('LIVE');
    expect(at(t, bus({ scheduleSecs: 35 * 60 + 1 }))).toMatchObject({ state: 'PASSED', etaSeconds: null });
  });
});
