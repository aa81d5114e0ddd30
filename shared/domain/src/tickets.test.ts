import {
  isTicket,
  isExpired,
  minutesToExpiry,
  recentPunches,
  shouldMarkTicketExpired,
  isUsedUpForDay,
  tripsLeftToday,
  isWithinActivationWindow,
  isWithinAllowedAfterActivation,
  statusLabel,
  type WalletRecord,
} from './tickets';

const ist = (s: string) => Date.parse(`${s}+05:30`);
const now = ist('2026-11-21T12:00:00');
const d = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const pass = (o: Partial<WalletRecord> = {}): WalletRecord => ({ status: 'SUCCESS', ...o });
const ticket = (o: Partial<WalletRecord> = {}): WalletRecord => ({ status: 'SUCCESS', ticketId: 't1', ...o });

describe('ticket or pass', () => {
  it('a ticketId or bookingId marks a ticket', () => {
    expect(isTicket({ ticketId: 'x' })).toBe(true);
    expect(isTicket({ bookingId: 'b' })).toBe(true);
    expect(isTicket({ ticketId: '', bookingId: null })).toBe(false);
  });
});

describe('expiry', () => {
  it('a ticket expires when flagged or when its expiry time has passed (at the instant itself)', () => {
    expect(isExpired(ticket({ status: 'EXPIRED', expiryTime: now + 10 * 3_600_000 }), now)).toBe(true);
    expect(isExpired(ticket({ expiryTime: now }), now)).toBe(true);
    expect(isExpired(ticket({ expiryTime: now + 1 }), now)).toBe(false);
  });
  it('a pass expires when whole minutes to expiry are 0 or less', () => {
    expect(minutesToExpiry(now + 59_999, now)).toBe(0);
    expect(isExpired(pass({ expiryTime: now + 59_999 }), now)).toBe(true);
    expect(isExpired(pass({ expiryTime: now + 60_000 }), now)).toBe(false);
    expect(isExpired(pass({ expiryTime: now - 1 }), now)).toBe(true);
  });
});

describe('rides', () => {
  it('drops punches older than 24 h from the local count', () => {
    const punches = [{ punchingTime: now - 86_400_001 }, { punchingTime: now - 86_400_000 }, { punchingTime: now - 1 }];
    expect(recentPunches(punches, now)).toEqual(punches.slice(1));
  });
  it('marks an expired ticket whose last ride is outside the active duration', () => {
    const base = { expiryTime: now - 1, activeDurationMs: 3_600_000 };
    expect(shouldMarkTicketExpired(ticket({ ...base, punches: [{ punchingTime: now - 3_600_001 }] }), now)).toBe(true);
    expect(shouldMarkTicketExpired(ticket({ ...base, punches: [{ punchingTime: now - 3_600_000 }] }), now)).toBe(false);
    expect(shouldMarkTicketExpired(ticket({ ...base, expiryTime: now + 1, punches: [{ punchingTime: now - 7_200_000 }] }), now)).toBe(false);
    expect(shouldMarkTicketExpired(pass({ ...base }), now)).toBe(false);
  });
  it('a pass is used up for the day when rides today equal the allowed count and the active duration has passed', () => {
    const p = (times: number[], max: number) => pass({ maxTripsPerDay: max, activeDurationMs: 30 * 60_000, punches: times.map((t) => ({ punchingTime: t })) });
    expect(isUsedUpForDay(p([ist('2026-11-21T08:00:00'), ist('2026-11-21T11:30:00')], 2), now)).toBe(true); // 30 min exactly
    expect(isUsedUpForDay(p([ist('2026-11-21T08:00:00'), ist('2026-11-21T11:30:01')], 2), now)).toBe(false); // still riding
    expect(isUsedUpForDay(p([ist('2026-11-21T08:00:00')], 2), now)).toBe(false);
    // Yesterday's rides do not count today (city calendar day: 23:59 IST yesterday).
    expect(isUsedUpForDay(p([ist('2026-11-20T23:59:00'), ist('2026-11-21T08:00:00')], 2), now)).toBe(false);
    expect(isUsedUpForDay(p([ist('2026-11-21T08:00:00'), ist('2026-11-21T09:00:00')], -1), now)).toBe(false);
  });
  it('counts trips left today for ride-based passes; unlimited is null', () => {
    const punches = [{ punchingTime: ist('2026-11-21T08:00:00') }];
    expect(tripsLeftToday(pass({ maxTripsPerDay: 4, punches }), now)).toBe(3);
    expect(tripsLeftToday(pass({ maxTripsPerDay: 1, punches: [...punches, ...punches] }), now)).toBe(0);
    expect(tripsLeftToday(pass({ maxTripsPerDay: -1, punches }), now)).toBeNull();
  });
});

describe('activation', () => {
  it('15 min window and 24 h allowed time, boundaries included', () => {
    expect(isWithinActivationWindow(now, now + 900_000)).toBe(true);
    expect(isWithinActivationWindow(now, now + 900_001)).toBe(false);
    expect(isWithinActivationWindow(now, now - 1)).toBe(false);
    expect(isWithinAllowedAfterActivation(now, now + 86_400_000)).toBe(true);
    expect(isWithinAllowedAfterActivation(now, now + 86_400_001)).toBe(false);
  });
});

describe('status label', () => {
  it.each([
    ['USER_CANCELLED', 'cancelled'],
    ['SYSTEM_CANCELLED', 'cancelled'],
    ['RESCHEDULED', 'rescheduled'],
    ['SYSTEM_RESCHEDULED', 'rescheduled'],
    ['FAILED', 'failed'],
    ['PAYMENT_FAILED', 'failed'],
    ['UNVERIFIED', 'verification pending'],
    ['REJECTED', 'verification rejected'],
    ['VERIFIED', 'pending'],
    ['PAYMENT_PROCESSING', 'pending'],
  ])('%s → %s', (status, label) => expect(statusLabel(pass({ status, expiryTime: now + 1e9 }), now, d)).toBe(label));
  it('a future start shows starts from', () => {
    expect(statusLabel(pass({ startTime: now + 1, expiryTime: now + 1e9 }), now, d)).toBe(`starts from ${d(now + 1)}`);
  });
  it('expired shows expired on the expiry date', () => {
    expect(statusLabel(pass({ expiryTime: now - 1 }), now, d)).toBe(`expired on ${d(now - 1)}`);
  });
  it('otherwise valid till, and ticket valid till for tickets', () => {
    expect(statusLabel(pass({ startTime: now, expiryTime: now + 86_400_000 }), now, d)).toBe(`valid till ${d(now + 86_400_000)}`);
    expect(statusLabel(ticket({ expiryTime: now + 86_400_000 }), now, d)).toBe(`ticket valid till ${d(now + 86_400_000)}`);
  });
});
