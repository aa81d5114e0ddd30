import { MAX_PUNCH_AHEAD_MS, syncedPunchRefusal } from './punch-sync';
import { UNLIMITED_TRIPS } from './tickets';

// 14 Aug 2025 in Asia/Kolkata; the city day starts at 18:30 UTC the day before.
const IST = (h: number, m = 0) => Date.UTC(2025, 7, 14, h, m) - 330 * 60_000;
const base = { now: IST(20), boughtAt: IST(0, 5), validFrom: IST(0), validUntil: IST(0) + 30 * 86_400_000, maxTripsPerDay: 2, recorded: [] as number[] };

describe('a punch synced from a phone', () => {
  it('is bounded by the server clock (5 minutes of drift) and the purchase', () => {
    expect(syncedPunchRefusal({ ...base, punchingTime: base.now + MAX_PUNCH_AHEAD_MS })).toBeNull();
    expect(syncedPunchRefusal({ ...base, punchingTime: base.now + MAX_PUNCH_AHEAD_MS + 1 })).toBe('PUNCH_IN_FUTURE');
    expect(syncedPunchRefusal({ ...base, punchingTime: base.boughtAt - MAX_PUNCH_AHEAD_MS })).toBeNull();
    expect(syncedPunchRefusal({ ...base, validFrom: IST(0) - 86_400_000, punchingTime: base.boughtAt - MAX_PUNCH_AHEAD_MS - 1 })).toBe('BEFORE_PURCHASE');
  });

  it('is bounded by the validity: from its first instant, up to but not including its end', () => {
    const late = { ...base, now: base.validUntil + 86_400_000 };
    expect(syncedPunchRefusal({ ...base, boughtAt: null, punchingTime: base.validFrom - 1 })).toBe('NOT_YET_VALID');
    expect(syncedPunchRefusal({ ...base, boughtAt: null, punchingTime: base.validFrom })).toBeNull();
    expect(syncedPunchRefusal({ ...late, punchingTime: base.validUntil - 1 })).toBeNull();
    expect(syncedPunchRefusal({ ...late, punchingTime: base.validUntil })).toBe('EXPIRED');
  });

  it('cannot add a ride to a full day whatever order the rides arrive in', () => {
    // The day's evening rides were synced first; a morning punch arriving later finds the day full.
    expect(syncedPunchRefusal({ ...base, recorded: [IST(18), IST(19)], punchingTime: IST(8) })).toBe('TRIPS_EXHAUSTED');
    expect(syncedPunchRefusal({ ...base, recorded: [IST(18)], punchingTime: IST(8) })).toBeNull();
    // Another city day does not count: 23:59 and 00:00 IST are different days.
    const nextDay = { ...base, now: IST(0) + 2 * 86_400_000, recorded: [IST(0, 1), IST(8)] };
    expect(syncedPunchRefusal({ ...nextDay, punchingTime: IST(0) + 86_400_000 })).toBeNull();
    expect(syncedPunchRefusal({ ...nextDay, punchingTime: IST(0) + 86_400_000 - 1 })).toBe('TRIPS_EXHAUSTED');
    expect(syncedPunchRefusal({ ...base, maxTripsPerDay: UNLIMITED_TRIPS, recorded: [IST(1), IST(2), IST(3)], punchingTime: IST(4) })).toBeNull();
  });
});
