// Answers of the reserved-seat API for the component tests, typed by the contracts (the same shapes the API sends).
import type { Booking, ReservationLine, StopPair, TripSlotsResponse } from '@sawari/contracts';

export const SLOT = Date.parse('2026-11-28T20:00:00+05:30');
export const stop = (stopId: string, name: string, offsetMin: number) => ({ stopId, name, lat: 19.03, lon: 73.06, offsetMin });
export const KHARGHAR = stop('K', 'Kharghar', 0);
export const ANDHERI = stop('A', 'Andheri', 60);

export const line: ReservationLine = {
  id: 'PRM-2',
  city: 'mumbai',
  product: 'PREMIUM',
  code: 'P2',
  name: 'Kharghar – Andheri',
  busType: 'ac',
  isAc: true,
  agency: 'MBUS',
  capacity: 40,
  description: 'Air-conditioned, one seat each.',
  stops: [KHARGHAR, ANDHERI],
  fromPaise: 45000,
  transitRouteId: null,
};
export const pair: StopPair = { line, from: KHARGHAR, to: ANDHERI, fares: { adult: 45000, child: 25000 } } as StopPair;

export const slots = (over: Partial<TripSlotsResponse['slots'][number]>[] = [{}]): TripSlotsResponse => ({
  city: 'mumbai',
  date: '20261128',
  line,
  from: KHARGHAR,
  to: ANDHERI,
  fares: { adult: 45000, child: 25000 },
  slots: over.map((o, i) => ({
    tripId: `PRM-2.20261128${String(2000 + i * 30).padStart(4, '0')}`,
    lineId: 'PRM-2',
    startTime: SLOT + i * 30 * 60_000,
    boardingTime: SLOT + i * 30 * 60_000 + 5 * 60_000,
    arrivalTime: SLOT + i * 30 * 60_000 + 65 * 60_000,
    seatsLeft: 12,
    capacity: 40,
    availability: null,
    status: 'PLANNED',
    dayLabel: 'tomorrow',
    bookable: true,
    adultPaise: 45000,
    peak: false,
    ...o,
  })),
});

export function booking(over: Partial<Booking> = {}): Booking {
  return {
    bookingId: 'RSV-11111111-1111-4111-8111-111111111111',
    transactionId: 'RSV-11111111-1111-4111-8111-111111111111',
    city: 'mumbai',
    product: 'PREMIUM',
    status: 'ACTIVE',
    label: 'confirmed',
    lineId: 'PRM-2',
    lineCode: 'P2',
    lineName: 'Kharghar – Andheri',
    busType: 'ac',
    isAc: true,
    transitRouteId: null,
    tripId: 'PRM-2.202611282000',
    tripStatus: 'PLANNED',
    disruption: null,
    from: KHARGHAR,
    to: ANDHERI,
    passengers: { adult: 1, child: 0, senior: 0 },
    seats: 1,
    fare: { passengerDetails: [], totalAvailableSeats: 12, payableAmount: 45000, actualAmount: 45000 },
    farePaise: 45000,
    amountPaise: 45000,
    paidWith: 'PAYMENT',
    passId: null,
    tripSlotStartTime: SLOT,
    estimatedStopTime: SLOT + 5 * 60_000,
    arrivalTime: SLOT + 65 * 60_000,
    vehicleNo: null,
    holdExpiresAt: null,
    holdSecondsLeft: null,
    firstBookingId: 'RSV-11111111-1111-4111-8111-111111111111',
    firstBookingInfo: null,
    prevBookingId: null,
    prevBookingStatus: null,
    isCancellationPopUpShown: false,
    isReschedulePopUpShown: false,
    popUp: null,
    actions: ['CANCEL_RIDE', 'RESCHEDULE_RIDE', 'FIND_MY_STOP', 'CHAT_SUPPORT', 'CALL_SUPPORT'],
    cancellation: { refundPercent: 100, refundPaise: 45000, canCancel: true },
    refunds: [],
    bookingTime: SLOT - 86_400_000,
    issuedAt: SLOT - 86_400_000,
    cancelledAt: null,
    dayLabel: 'tomorrow',
    serverTime: SLOT - 86_400_000,
    ...over,
  };
}

/** An API refusal as the runtime's client throws it. */
export const refused = (code: string, message = code) => Object.assign(new Error(message), { code, message });
