// The reserved-seat API as this remote calls it (through @sawari/runtime's `api`: token headers, refresh, errors).
import type { Booking, BookingTracking, ReservationFareResult, ReservationLine, ReservationProductName, ReservationStop, StopPair, TripSlot } from '@sawari/contracts';
import { api } from '@sawari/runtime';
import type { Passengers } from './model';

const seg = encodeURIComponent;
const R = '/reservations/v1';

export type SlotsAnswer = {
  city: string;
  date: string;
  line: ReservationLine;
  from: ReservationStop;
  to: ReservationStop;
  fares: Partial<Record<string, number>>;
  slots: TripSlot[];
};
export type FareAnswer = ReservationFareResult & { options: ReservationFareResult[] };

export const loadLines = (city: string, product: ReservationProductName) =>
  api.get<{ lines: ReservationLine[] }>(`${R}/cities/${seg(city)}/lines`, { params: { product } }).then((r) => r.lines);
export const loadPairs = (city: string, product: ReservationProductName, q: { fromStopId?: string; toStopId?: string } = {}) =>
  api.get<{ pairs: StopPair[] }>(`${R}/cities/${seg(city)}/stop-pairs`, { params: { product, ...q } }).then((r) => r.pairs);
export const loadDays = (city: string, lineId: string) => api.get<{ days: string[] }>(`${R}/cities/${seg(city)}/lines/${seg(lineId)}/days`).then((r) => r.days);
export const loadSlots = (city: string, q: { lineId: string; fromStopId: string; toStopId: string; date?: string }) =>
  api.get<SlotsAnswer>(`${R}/cities/${seg(city)}/slots`, { params: { ...q } });
export const loadSeatAvailability = (tripId: string) =>
  api.get<{ startTime: number; seatsLeft: number; capacity: number; availability: TripSlot['availability']; status: string }>(
    `${R}/trips/${seg(tripId)}/seat-availability`,
    { params: { mode: '2' } },
  );
export const loadFare = (tripId: string, fromStopId: string, toStopId: string, passengers: Passengers) =>
  api.post<FareAnswer>(`${R}/fare`, { options: [{ tripId, fromStopId, toStopId }], passengers });
export type PremiumPassInfo = {
  passId: string;
  name: string;
  maxTripsPerDay: number;
  validUntil: number;
  bookedThatDay: number;
  ridesLeftThatDay: number | null;
};
export const loadPremiumPasses = (city: string) => api.get<{ passes: PremiumPassInfo[] }>(`${R}/cities/${seg(city)}/premium-passes`).then((r) => r.passes);
export const holdSeats = (body: { tripId: string; fromStopId: string; toStopId: string; passengers: Passengers; farePaise: number; passId?: string }) =>
  api.post<Booking>(`${R}/bookings`, body);
export const loadBookings = (city: string) => api.get<{ bookings: Booking[]; serverTime: number }>(`${R}/bookings`, { params: { city } });
export const loadBooking = (id: string) => api.get<Booking>(`${R}/bookings/${seg(id)}`);
export const releaseHold = (id: string) => api.delete<Booking>(`${R}/bookings/${seg(id)}/hold`);
export const cancelBooking = (id: string, refundPaise: number) => api.post<Booking>(`${R}/bookings/${seg(id)}/cancel`, { refundPaise });
export const rescheduleBooking = (id: string, tripId: string, farePaise: number) =>
  api.post<Booking>(`${R}/bookings/${seg(id)}/reschedule`, { tripId, farePaise });
export const popupShown = (id: string, kind: 'cancellation' | 'reschedule') => api.post<Booking>(`${R}/bookings/${seg(id)}/popups`, { kind });
export const loadTracking = (id: string) => api.get<BookingTracking>(`${R}/bookings/${seg(id)}/tracking`);
/** The support offices' contacts (the /SOS screen shows them with their hours). */
export const loadSupport = () => api.get<{ phone: string; email: string }>('/support/offices');
