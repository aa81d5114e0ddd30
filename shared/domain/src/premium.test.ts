import { canRebook, popUpFor, type PremiumBooking } from './premium';

const ist = (s: string) => Date.parse(`${s}+05:30`);
const now = ist('2026-11-21T09:00:00');
const slot = ist('2026-11-21T18:00:00');
const b = (o: Partial<PremiumBooking>): PremiumBooking => ({ bookingId: 'b1', firstBookingId: 'b1', status: 'ACTIVE', tripSlotStartTime: slot, bookingTime: now - 1000, expiryTime: slot + 3_600_000, ...o });

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
