import { seatStatus, TICKET_ACTIONS } from '@sawari/domain';
import {
  errorMessageId,
  flowPaths,
  mmss,
  passengerProblem,
  passengersFrom,
  paths,
  payStep,
  seatParts,
  successStep,
  type PayStep,
  type SeatParts,
  type SuccessStep,
} from './model';

describe('premium model', () => {
  it('reads passengers from the query: defaults, digits only, 1 to 6 in all', () => {
    expect(passengersFrom(new URLSearchParams(''))).toEqual({ adult: 1, child: 0, senior: 0 });
    expect(passengersFrom(new URLSearchParams('adult=2&child=1'))).toEqual({ adult: 2, child: 1, senior: 0 });
    expect(passengersFrom(new URLSearchParams('adult=0'))).toBeNull();
    expect(passengersFrom(new URLSearchParams('adult=4&child=2'))).toEqual({ adult: 4, child: 2, senior: 0 });
    expect(passengersFrom(new URLSearchParams('adult=4&child=3'))).toBeNull();
    expect(passengersFrom(new URLSearchParams('adult=x'))).toBeNull();
    expect(passengersFrom(new URLSearchParams('adult=-1'))).toBeNull();
  });
  it('says what is wrong with a passenger choice at the boundaries', () => {
    expect(passengerProblem({ adult: 0, child: 0, senior: 0 }, 10)).toBe('none');
    expect(passengerProblem({ adult: 6, child: 0, senior: 0 }, 10)).toBeNull();
    expect(passengerProblem({ adult: 6, child: 1, senior: 0 }, 10)).toBe('tooMany');
    expect(passengerProblem({ adult: 3, child: 0, senior: 0 }, 2)).toBe('notEnoughSeats');
    expect(passengerProblem({ adult: 2, child: 0, senior: 0 }, 2)).toBeNull();
  });
  it('builds step URLs per product', () => {
    expect(flowPaths('PREMIUM').slots('PRM-1', 'A', 'B', '20261123')).toBe('/premium-buses/select-slot?lineId=PRM-1&fromStopId=A&toStopId=B&date=20261123');
    expect(flowPaths('EVENT').fare('EVT-1.202612050600', 'A', 'B', { adult: 1, child: 0, senior: 0 })).toBe(
      '/great-escape/fare-details?tripId=EVT-1.202612050600&fromStopId=A&toStopId=B&adult=1&child=0&senior=0',
    );
    // the fare page keeps its slot's line and day (its "← Choose a slot" returns to the same list)
    expect(flowPaths('PREMIUM').fare('PRM-1.202612050600', 'A', 'B', { adult: 2, child: 1, senior: 0 }, undefined, 'PRM-1', '20261205')).toBe(
      '/premium-buses/fare-details?tripId=PRM-1.202612050600&fromStopId=A&toStopId=B&adult=2&child=1&senior=0&lineId=PRM-1&date=20261205',
    );
    expect(flowPaths('EVENT').success('RSV-1')).toBe('/great-escape/booking-success?transactionId=RSV-1');
    expect(flowPaths('AIRPORT').success('RSV-1')).toBe('/premium-buses/ticket-successful-booking/RSV-1');
    expect(paths.manage('RSV-1', 'cancel')).toBe('/premium-buses/cancellationRescheduleCard/RSV-1?mode=cancel');
  });
  it('knows the codes it explains', () => {
    expect(errorMessageId('SOLD_OUT')).toBe('error.SOLD_OUT');
    expect(errorMessageId('WHATEVER')).toBeNull();
    expect(errorMessageId(undefined)).toBeNull();
  });
  it('countdowns', () => {
    expect(mmss(600)).toBe('10:00');
    expect(mmss(61)).toBe('1:01');
    expect(mmss(-3)).toBe('0:00');
  });
});

describe('seatParts: the summary of a seat in every state (the status model AND the API)', () => {
  const NOW = Date.parse('2026-11-25T10:00:00+05:30');
  const H = 3_600_000;
  // a trip an hour long; boarding opens 30 minutes before the slot, the seat is valid until an hour after arrival
  const at = (slotFromNow: number) => ({ tripSlotStartTime: NOW + slotFromNow, arrivalTime: NOW + slotFromNow + H });
  const ALL = [...TICKET_ACTIONS];
  const none: SeatParts = { boarding: false, qr: false, change: false, cancel: false, findStop: false, chat: true, call: true };
  const cells: [string, string, number, Partial<SeatParts>][] = [
    ['ACTIVE', 'a day ahead (not valid yet)', 24 * H, { boarding: true, qr: true, change: true, cancel: true, findStop: true }],
    ['ACTIVE', 'boarding open, before its slot', 10 * 60_000, { boarding: true, qr: true, change: true, cancel: true, findStop: true }],
    ['ACTIVE', 'its slot started', -10 * 60_000, { boarding: true, qr: true, findStop: true }],
    ['ACTIVE', 'its trip over (expired)', -5 * H, {}],
    ['PUNCHED', 'on board', -10 * 60_000, { boarding: true, findStop: true }],
    ['PUNCHED', 'its trip over', -5 * H, {}],
    ['USER_CANCELLED', 'cancelled by the rider', 24 * H, {}],
    ['SYSTEM_CANCELLED', 'cancelled by the operator', 24 * H, {}],
    ['USER_RESCHEDULED', 'replaced by a change of slot', 24 * H, {}],
    ['SYSTEM_RESCHEDULED', 'moved by the operator', 24 * H, {}],
    ['REFUNDED', 'refunded', 24 * H, {}],
    ['PAYMENT_PROCESSING', 'payment pending', 24 * H, {}],
    ['BOOKING_UNDER_PROCESS', 'booking pending', 24 * H, {}],
    ['PAYMENT_FAILED', 'payment failed', 24 * H, {}],
    ['BOOKING_FAILED', 'booking failed', 24 * H, {}],
  ];
  it.each(cells)('%s, %s: what the API offers, within what the model allows', (status, _what, slot, allowed) => {
    const v = seatStatus({ status, ...at(slot) }, NOW);
    // the API offering every action: the model alone decides
    expect(seatParts(v, ALL)).toEqual({ ...none, ...allowed });
    // the API offering none: no action at all, whatever the state (boarding and its QR follow the model only)
    expect(seatParts(v, [])).toEqual({ ...none, chat: false, call: false, boarding: !!allowed.boarding, qr: !!allowed.qr });
  });
  it('a change or cancel the API no longer offers is not shown even where the model allows it', () => {
    const v = seatStatus({ status: 'ACTIVE', ...at(24 * H) }, NOW);
    expect(seatParts(v, ['FIND_MY_STOP', 'CHAT_SUPPORT'])).toMatchObject({ change: false, cancel: false, findStop: true, chat: true, call: false });
    expect(seatParts(v, ['CANCEL_RIDE'])).toMatchObject({ change: false, cancel: true });
  });
});

describe('payStep and successStep: what the pay step and the page after the checkout say, in every state', () => {
  const NOW = Date.parse('2026-11-25T10:00:00+05:30');
  const H = 3_600_000;
  const at = (slotFromNow: number) => ({ tripSlotStartTime: NOW + slotFromNow, arrivalTime: NOW + slotFromNow + H });
  // status, when, the hold's countdown, pay step, success step
  const cells: [string, string, number, number | null, PayStep, SuccessStep][] = [
    ['BOOKING_UNDER_PROCESS', 'held, time left', 24 * H, 300, 'hold', 'unpaid'],
    ['BOOKING_UNDER_PROCESS', 'held, countdown not started', 24 * H, null, 'hold', 'unpaid'],
    ['BOOKING_UNDER_PROCESS', 'held, the countdown ran out', 24 * H, 0, 'lapsed', 'unpaid'],
    ['PAYMENT_PROCESSING', 'a payment under way', 24 * H, null, 'confirming', 'waiting'],
    ['PAYMENT_FAILED', 'a payment failed, slot ahead', 24 * H, null, 'retry', 'paymentFailed'],
    ['PAYMENT_FAILED', 'a payment failed, slot started', -10 * 60_000, null, 'closed', 'failed'],
    ['BOOKING_FAILED', 'the hold lapsed', 24 * H, null, 'lapsed', 'failed'],
    ['ACTIVE', 'a day ahead', 24 * H, null, 'paid', 'booked'],
    ['ACTIVE', 'boarding open', 10 * 60_000, null, 'paid', 'booked'],
    ['ACTIVE', 'its trip over (expired)', -5 * H, null, 'closed', 'closed'],
    ['PUNCHED', 'on board', -10 * 60_000, null, 'paid', 'booked'],
    ['PUNCHED', 'its trip over', -5 * H, null, 'closed', 'closed'],
    ['USED', 'used', -5 * H, null, 'closed', 'closed'],
    ['EXPIRED', 'expired', -5 * H, null, 'closed', 'closed'],
    ['USER_CANCELLED', 'cancelled by the rider', 24 * H, null, 'closed', 'closed'],
    ['SYSTEM_CANCELLED', 'cancelled by the operator', 24 * H, null, 'closed', 'closed'],
    ['USER_RESCHEDULED', 'replaced by a change of slot', 24 * H, null, 'closed', 'closed'],
    ['SYSTEM_RESCHEDULED', 'moved by the operator', 24 * H, null, 'closed', 'closed'],
    ['REFUNDED', 'refunded', 24 * H, null, 'closed', 'closed'],
    ['SOMETHING_NEW', 'a status this app does not know', 24 * H, null, 'closed', 'closed'],
  ];
  it.each(cells)('%s, %s', (status, _what, slot, left, pay, success) => {
    expect(payStep({ status, ...at(slot) }, NOW, left)).toBe(pay);
    expect(successStep({ status, ...at(slot) }, NOW)).toBe(success);
  });
  it('"paid" and "booked" only for a seat the status model calls usable; "closed" never for one', () => {
    for (const [status, , slot, , pay, success] of cells) {
      const usable = ['valid', 'notYetValid', 'boarded'].includes(seatStatus({ status, ...at(slot) }, NOW).headline);
      if (pay === 'paid' || success === 'booked') expect(usable).toBe(true);
      if (pay === 'closed' || success === 'closed') expect(usable).toBe(false);
    }
  });
});
