import { bookingSchema, type Booking, type ReservationStop, type TripSlotsResponse } from '@sawari/contracts';
import { routeHarness } from '../../testing/route-harness';
import { reservationOpsRoutes, reservationRoutes } from './routes';
import type { ReservationService } from './service';

// The route layer alone (a fake service, no database): every reservations answer is serialised by its response schema,
// so a column of the booking row, a stored internal or a field added by mistake never reaches the rider or operator.
const from: ReservationStop = { stopId: 'AIR-T1', name: 'Terminal 1', lat: 19.09, lon: 72.87, offsetMin: 0 };
const to: ReservationStop = { stopId: 'AIR-BKC', name: 'BKC', lat: 19.06, lon: 72.86, offsetMin: 35 };
const fare = {
  passengerDetails: [
    {
      id: 'adult',
      name: 'Adult',
      isDiscountApplicable: false,
      payableAmount: 25000,
      actualAmount: 25000,
      fareBreakup: [{ name: 'Seat fare', value: 25000 }],
      categorySeatLimit: 6,
    },
  ],
  totalAvailableSeats: 30,
  payableAmount: 25000,
  actualAmount: 25000,
};
const bookingId = 'RSV-0b0b0b0b-1111-4222-8333-444455556666';
const booking: Booking = {
  bookingId,
  transactionId: bookingId,
  city: 'mumbai',
  product: 'AIRPORT',
  status: 'ACTIVE',
  label: 'Confirmed',
  lineId: 'air-1',
  lineCode: 'A1',
  lineName: 'Airport Express',
  busType: 'Electric AC',
  isAc: true,
  transitRouteId: null,
  tripId: 'air-1.202611251030',
  tripStatus: 'PLANNED',
  disruption: null,
  from,
  to,
  passengers: { adult: 1, child: 0, senior: 0 },
  seats: 1,
  fare,
  farePaise: 25000,
  amountPaise: 25000,
  paidWith: 'PAYMENT',
  passId: null,
  tripSlotStartTime: 1_764_046_800_000,
  estimatedStopTime: 1_764_046_800_000,
  arrivalTime: 1_764_048_900_000,
  vehicleNo: 'MH01 AB 1234',
  holdExpiresAt: null,
  holdSecondsLeft: null,
  firstBookingId: bookingId,
  firstBookingInfo: null,
  prevBookingId: null,
  prevBookingStatus: null,
  isCancellationPopUpShown: false,
  isReschedulePopUpShown: false,
  popUp: null,
  actions: ['CANCEL', 'RESCHEDULE'],
  cancellation: { refundPercent: 100, refundPaise: 25000, canCancel: true },
  refunds: [],
  bookingTime: 1_764_040_000_000,
  issuedAt: 1_764_040_060_000,
  cancelledAt: null,
  dayLabel: 'today',
  serverTime: 1_764_041_000_000,
};
const line = {
  id: 'air-1',
  city: 'mumbai',
  product: 'AIRPORT' as const,
  code: 'A1',
  name: 'Airport Express',
  busType: 'Electric AC',
  isAc: true,
  agency: 'BEST',
  capacity: 30,
  description: 'Terminal 1 to BKC',
  stops: [from, to],
  fromPaise: 25000,
  transitRouteId: null,
};
const slots: TripSlotsResponse = {
  city: 'mumbai',
  date: '20261125',
  line,
  from,
  to,
  fares: { adult: 25000, child: 12500 },
  slots: [
    {
      tripId: 'air-1.202611251030',
      lineId: 'air-1',
      startTime: 1,
      boardingTime: 1,
      arrivalTime: 2,
      seatsLeft: 4,
      capacity: 30,
      availability: 'FEW_SEATS_LEFT',
      status: 'PLANNED',
      dayLabel: 'today',
      bookable: true,
      adultPaise: 25000,
      peak: false,
    },
  ],
};

async function harness(service: Partial<Record<keyof ReservationService, unknown>>) {
  return routeHarness(async (a, guard) => {
    await a.register(reservationRoutes, { service: service as unknown as ReservationService, guard, live: null, now: () => booking.serverTime });
    await a.register(reservationOpsRoutes, { service: service as unknown as ReservationService, keys: new Map([['test-ops-key-0001', 'asha']]) });
  });
}

describe('reservations routes: answers through their response schemas', () => {
  it("a booking row's columns and fields added by mistake (top level, in a stop, in the fare, in a list) are not sent", async () => {
    // What a BookingRow carries beyond the rider's view (userId, seatsHeld), and stray fields at every depth.
    const leaky = {
      ...booking,
      userId: 'rider-1',
      seatsHeld: true,
      paymentOrderId: 'pay_123',
      from: { ...from, internalCode: 'T1-GATE' },
      fare: { ...fare, margin: 1200, passengerDetails: [{ ...fare.passengerDetails[0], costPaise: 18000 }] },
    };
    const service = {
      booking: async () => leaky,
      bookings: async () => ({ bookings: [leaky], serverTime: booking.serverTime, sql: 'SELECT * FROM reservation_bookings' }),
      hold: async () => leaky,
      slots: async () => ({ ...slots, debugNow: 5, slots: slots.slots.map((s) => ({ ...s, seatsTaken: 26 })) }),
      opsTrips: async () => ({
        lineId: 'air-1',
        date: '20261125',
        trips: [
          {
            id: 'air-1.202611251030',
            lineId: 'air-1',
            startTime: 1,
            capacity: 30,
            seatsTaken: 26,
            seatsLeft: 4,
            status: 'PLANNED',
            vehicleNo: null,
            disruption: null,
            disruptionNote: null,
            log: [],
            updatedAt: 9,
          },
        ],
      }),
    };
    const { app, headers } = await harness(service);
    try {
      const one = await app.inject({ url: `/api/reservations/v1/bookings/${bookingId}`, headers });
      expect(one.statusCode).toBe(200);
      const body = one.json();
      for (const k of ['userId', 'seatsHeld', 'paymentOrderId']) expect(body).not.toHaveProperty(k);
      expect(body.from).not.toHaveProperty('internalCode');
      expect(body.fare).not.toHaveProperty('margin');
      expect(body.fare.passengerDetails[0]).not.toHaveProperty('costPaise');
      expect(body).toEqual(booking);
      expect(bookingSchema.parse(body)).toEqual(booking);

      const list = await app.inject({ url: '/api/reservations/v1/bookings?city=mumbai', headers });
      expect(list.statusCode).toBe(200);
      expect(list.json()).toEqual({ bookings: [booking], serverTime: booking.serverTime });

      const held = await app.inject({
        method: 'POST',
        url: '/api/reservations/v1/bookings',
        headers,
        payload: { tripId: 'air-1.202611251030', fromStopId: 'AIR-T1', toStopId: 'AIR-BKC', passengers: { adult: 1 }, farePaise: 25000 },
      });
      expect(held.statusCode).toBe(201);
      expect(held.json()).toEqual(booking);

      const day = await app.inject({ url: '/api/reservations/v1/cities/mumbai/slots?lineId=air-1&fromStopId=AIR-T1&toStopId=AIR-BKC', headers });
      expect(day.statusCode).toBe(200);
      expect(day.json()).toEqual(slots);

      const ops = await app.inject({ url: '/api/ops/reservations/trips?lineId=air-1', headers: { authorization: 'Ops test-ops-key-0001' } });
      expect(ops.statusCode).toBe(200);
      expect(ops.json().trips[0]).not.toHaveProperty('updatedAt');
      expect(ops.json().trips[0]).toMatchObject({ id: 'air-1.202611251030', seatsLeft: 4 });
    } finally {
      await app.close();
    }
  });

  it('an answer that breaks its schema is our bug: 500 INTERNAL, not a half-typed body', async () => {
    const { app, headers } = await harness({ booking: async () => ({ ...booking, seats: 'one' }) });
    try {
      const r = await app.inject({ url: `/api/reservations/v1/bookings/${bookingId}`, headers });
      expect(r.statusCode).toBe(500);
      expect(r.json()).toMatchObject({ code: 'INTERNAL' });
      expect(r.body).not.toContain('Terminal 1');
    } finally {
      await app.close();
    }
  });
});
