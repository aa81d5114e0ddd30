import {
  bookingDayLabel,
  bookingLabel,
  cancellationQuote,
  checkSeatRequest,
  holdSecondsLeft,
  indiaSlotMs,
  isAc,
  isHoldLapsed,
  isPeakSlot,
  isPremiumEnabled,
  isTrackingWindowOpen,
  PREMIUM_TRACKING,
  seatAvailability,
  seatFare,
  slotFares,
  slotMinutes,
  ticketActions,
  trackingPollMs,
  HOLD_MS,
  APP_VERSION,
} from './reservations';
import { aggregateFares } from './passes';
import { canRebook, popUpFor } from './premium';
import { timeliness } from './transit';

const ist = (s: string) => Date.parse(`${s}+05:30`);
const MIN = 60_000;

describe('seat availability threshold', () => {
  it('is SOLD_OUT at 0 (and below), FEW_SEATS_LEFT from 1 to 5, nothing from 6', () => {
    expect(seatAvailability(0)).toBe('SOLD_OUT');
    expect(seatAvailability(-1)).toBe('SOLD_OUT');
    expect(seatAvailability(1)).toBe('FEW_SEATS_LEFT');
    expect(seatAvailability(5)).toBe('FEW_SEATS_LEFT');
    expect(seatAvailability(6)).toBeNull();
    expect(seatAvailability(40)).toBeNull();
  });
});

describe('cancellation policy', () => {
  const slot = ist('2026-11-23T18:00:00');
  it('refunds 100 % at exactly 60 min before and earlier', () => {
    expect(cancellationQuote(15000, slot, slot - 60 * MIN)).toEqual({ refundPercent: 100, refundPaise: 15000, canCancel: true });
    expect(cancellationQuote(15000, slot, slot - 3 * 60 * MIN).refundPercent).toBe(100);
  });
  it('refunds 50 % from 59:59.999 to exactly 15 min before, rounding half down to the paisa', () => {
    expect(cancellationQuote(15000, slot, slot - 60 * MIN + 1)).toEqual({ refundPercent: 50, refundPaise: 7500, canCancel: true });
    expect(cancellationQuote(15001, slot, slot - 15 * MIN)).toEqual({ refundPercent: 50, refundPaise: 7500, canCancel: true });
  });
  it('refunds nothing under 15 min, and cannot cancel once the slot started', () => {
    expect(cancellationQuote(15000, slot, slot - 15 * MIN + 1)).toEqual({ refundPercent: 0, refundPaise: 0, canCancel: true });
    expect(cancellationQuote(15000, slot, slot - 1).canCancel).toBe(true);
    expect(cancellationQuote(15000, slot, slot).canCancel).toBe(false);
  });
});

describe('holds', () => {
  it('count down in whole seconds, 600 at the start, lapsing exactly at expiry', () => {
    const t = 1_000_000;
    expect(holdSecondsLeft(t + HOLD_MS, t)).toBe(600);
    expect(holdSecondsLeft(t + HOLD_MS, t + HOLD_MS - 1)).toBe(1);
    expect(holdSecondsLeft(t + HOLD_MS, t + HOLD_MS)).toBe(0);
    expect(isHoldLapsed(t + HOLD_MS, t + HOLD_MS - 1)).toBe(false);
    expect(isHoldLapsed(t + HOLD_MS, t + HOLD_MS)).toBe(true);
  });
});

describe('booking day labels in Asia/Kolkata', () => {
  const now = ist('2026-11-23T23:59:00'); // a Monday, 23:59 in India (18:29 UTC)
  it('today up to local midnight, tomorrow after it (not UTC days)', () => {
    expect(bookingDayLabel(ist('2026-11-23T23:59:30'), now)).toBe('today');
    expect(bookingDayLabel(ist('2026-11-24T00:00:00'), now)).toBe('tomorrow');
    expect(bookingDayLabel(ist('2026-11-24T23:59:59'), now)).toBe('tomorrow');
  });
  it('weekday names for the next 2–6 days, null after a week or in the past', () => {
    expect(bookingDayLabel(ist('2026-11-25T08:00:00'), now)).toBe('wednesday');
    expect(bookingDayLabel(ist('2026-11-29T08:00:00'), now)).toBe('sunday');
    expect(bookingDayLabel(ist('2026-11-30T08:00:00'), now)).toBeNull();
    expect(bookingDayLabel(ist('2026-11-22T08:00:00'), now)).toBeNull();
  });
});

describe('premium tracking constants', () => {
  const slot = ist('2026-11-23T18:00:00');
  it('the window opens exactly 30 min before the slot', () => {
    expect(PREMIUM_TRACKING).toMatchObject({
      pollingMinimumMs: 120_000,
      frequencyFactor: 0.25,
      runningLateSecs: 360,
      onTimeBufferSecs: 300,
      arrivedEarlySecs: 300,
    });
    expect(isTrackingWindowOpen(slot, slot - 30 * MIN - 1, slot + 60 * MIN)).toBe(false);
    expect(isTrackingWindowOpen(slot, slot - 30 * MIN, slot + 60 * MIN)).toBe(true);
    expect(isTrackingWindowOpen(slot, slot + 60 * MIN, slot + 60 * MIN)).toBe(false);
  });
  it('polls every quarter of the time left, never below 120 s', () => {
    expect(trackingPollMs(slot, slot - 30 * MIN)).toBe(450_000);
    expect(trackingPollMs(slot, slot - 8 * MIN)).toBe(120_000);
    expect(trackingPollMs(slot, slot - 8 * MIN - 4)).toBe(120_001);
    expect(trackingPollMs(slot, slot + MIN)).toBe(120_000);
  });
  it('timeliness at 300/360 s boundaries (spec §4)', () => {
    expect(timeliness(-301)).toBe('Arriving Early');
    expect(timeliness(-300)).toBe('On Time');
    expect(timeliness(300)).toBe('Running behind');
    expect(timeliness(359)).toBe('Running behind');
    expect(timeliness(360)).toBe('Delayed');
  });
});

describe('app-version window', () => {
  it('premium in mumbai only, for versions 800 to 10000 inclusive; this app is 1001', () => {
    expect(APP_VERSION).toBe(1001);
    expect(isPremiumEnabled('mumbai')).toBe(true);
    expect(isPremiumEnabled('kochi')).toBe(false);
    expect(isPremiumEnabled('mumbai', 799)).toBe(false);
    expect(isPremiumEnabled('mumbai', 800)).toBe(true);
    expect(isPremiumEnabled('mumbai', 10_000)).toBe(true);
    expect(isPremiumEnabled('mumbai', 10_001)).toBe(false);
  });
  it("'non-ac' is the only marker of a bus without air conditioning", () => {
    expect(isAc('non-ac')).toBe(false);
    expect(isAc('ac')).toBe(true);
    expect(isAc('NON-AC')).toBe(true);
    expect(isAc(null)).toBe(true);
  });
});

describe('labels and actions', () => {
  const slot = ist('2026-11-23T18:00:00');
  it('maps every status', () => {
    expect(bookingLabel('USER_CANCELLED', slot, 0)).toBe('cancelled');
    expect(bookingLabel('SYSTEM_CANCELLED', slot, 0)).toBe('cancelled');
    expect(bookingLabel('SYSTEM_RESCHEDULED', slot, 0)).toBe('rescheduled');
    expect(bookingLabel('BOOKING_FAILED', slot, 0)).toBe('failed');
    expect(bookingLabel('BOOKING_UNDER_PROCESS', slot, 0)).toBe('pending');
    expect(bookingLabel('PUNCHED', slot, 0)).toBe('used');
    expect(bookingLabel('ACTIVE', slot, slot - 1)).toBe('confirmed');
    expect(bookingLabel('ACTIVE', slot, slot)).toBe('expired');
  });
  it('offers cancel and reschedule only while active and before the slot', () => {
    expect(ticketActions({ status: 'ACTIVE', slotStart: slot, paidWithPass: false }, slot - 1)).toEqual([
      'CANCEL_RIDE',
      'RESCHEDULE_RIDE',
      'FIND_MY_STOP',
      'CHAT_SUPPORT',
      'CALL_SUPPORT',
    ]);
    expect(ticketActions({ status: 'ACTIVE', slotStart: slot, paidWithPass: false }, slot)).toEqual(['FIND_MY_STOP', 'CHAT_SUPPORT', 'CALL_SUPPORT']);
    expect(ticketActions({ status: 'USER_CANCELLED', slotStart: slot, paidWithPass: false }, 0)).toEqual(['CHAT_SUPPORT', 'CALL_SUPPORT']);
  });
});

describe('seat fares', () => {
  const fares = { adult: 15000, child: 7500, senior: 11250 };
  it('checks the request at 0, 1, 6 and 7 seats and unsold categories', () => {
    expect(checkSeatRequest({}, fares)).toBe('NO_PASSENGERS');
    expect(checkSeatRequest({ adult: 1 }, fares)).toBeNull();
    expect(checkSeatRequest({ adult: 4, child: 2 }, fares)).toBeNull();
    expect(checkSeatRequest({ adult: 4, child: 3 }, fares)).toBe('TOO_MANY_PASSENGERS');
    expect(checkSeatRequest({ senior: 1 }, { adult: 100 })).toBe('CATEGORY_NOT_SOLD');
  });
  it('builds the fare result with concessions and seat limits', () => {
    const r = seatFare(fares, { adult: 2, child: 1 }, 4);
    expect(r.payableAmount).toBe(37500);
    expect(r.actualAmount).toBe(45000);
    expect(r.totalAvailableSeats).toBe(4);
    expect(r.passengerDetails[1]).toEqual({
      id: 'child',
      name: 'Child',
      isDiscountApplicable: true,
      payableAmount: 7500,
      actualAmount: 15000,
      fareBreakup: [
        { name: 'Seat fare', value: 15000 },
        { name: 'Child concession', value: -7500 },
      ],
      categorySeatLimit: 4,
    });
    expect(seatFare(fares, { adult: 1 }, 40).passengerDetails[0].categorySeatLimit).toBe(6);
  });
  it('aggregates two options: groups in both only, sums, minimum seats (spec §4)', () => {
    const a = seatFare(fares, { adult: 1, child: 1 }, 3);
    const b = seatFare(fares, { adult: 1 }, 10);
    const agg = aggregateFares([a, b])!;
    expect(agg.passengerDetails.map((g) => g.id)).toEqual(['adult']);
    expect(agg.passengerDetails[0].payableAmount).toBe(30000);
    expect(agg.passengerDetails[0].categorySeatLimit).toBe(3);
    expect(agg.totalAvailableSeats).toBe(3);
  });
});

describe('slots', () => {
  it('every headway from first to last inclusive', () => {
    expect(slotMinutes(390, 450, 30)).toEqual([390, 420, 450]);
    expect(slotMinutes(390, 449, 30)).toEqual([390, 420]);
    expect(slotMinutes(390, 380, 30)).toEqual([]);
    expect(slotMinutes(390, 450, 0)).toEqual([]);
  });
  it('India local minutes to epoch', () => {
    expect(indiaSlotMs('20261123', 390)).toBe(ist('2026-11-23T06:30:00'));
  });
});

describe('pop-ups and rebooking (shared with ./premium)', () => {
  const slot = ist('2026-11-23T18:00:00');
  const now = ist('2026-11-23T09:00:00');
  it('a system-cancelled booking shows its pop-up once; not after the slot day', () => {
    const b = { bookingId: 'x', firstBookingId: 'x', status: 'SYSTEM_CANCELLED', tripSlotStartTime: slot, bookingTime: now - 1 };
    expect(popUpFor(b, now)).toBe('cancellation');
    expect(popUpFor({ ...b, isCancellationPopUpShown: true }, now)).toBeNull();
    expect(popUpFor(b, ist('2026-11-24T00:00:00'))).toBeNull();
  });
  it('rebook needs 5 minutes from the latest booking of the chain', () => {
    const b = { bookingId: 'x', firstBookingId: 'x', status: 'ACTIVE', tripSlotStartTime: slot, bookingTime: now - 1 };
    expect(canRebook([b], 'x', slot + 5 * MIN, now)).toBe(true);
    expect(canRebook([b], 'x', slot + 5 * MIN - 1, now)).toBe(false);
  });
});

describe('peak fares (a line’s busy hours cost more)', () => {
  const peak = { weekdays: [1, 2, 3, 4, 5], fromMin: 1020, toMin: 1200, surchargePercent: 25 };
  const fares = { adult: 16000, child: 8000, senior: 12000 };
  it('applies from fromMin up to, not including, toMin, on the listed weekdays (India time)', () => {
    expect(isPeakSlot(peak, ist('2026-11-23T16:59:00'))).toBe(false);
    expect(isPeakSlot(peak, ist('2026-11-23T17:00:00'))).toBe(true);
    expect(isPeakSlot(peak, ist('2026-11-23T19:59:00'))).toBe(true);
    expect(isPeakSlot(peak, ist('2026-11-23T20:00:00'))).toBe(false);
    expect(isPeakSlot(peak, ist('2026-11-22T18:00:00'))).toBe(false); // Sunday
    expect(isPeakSlot(null, ist('2026-11-23T18:00:00'))).toBe(false);
  });
  it('raises every category by the surcharge, rounded to the rupee; off peak the fares are unchanged', () => {
    expect(slotFares(fares, peak, ist('2026-11-23T18:00:00'))).toEqual({ adult: 20000, child: 10000, senior: 15000 });
    expect(slotFares({ adult: 8500, child: 4250 }, peak, ist('2026-11-23T18:00:00'))).toEqual({ adult: 10600, child: 5300 });
    expect(slotFares(fares, peak, ist('2026-11-23T07:00:00'))).toBe(fares);
  });
});
