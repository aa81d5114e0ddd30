// The reserved-seat API as this remote calls it (through @sawari/runtime's `api`: token headers, refresh, errors).
import type {
  Booking,
  BookingList,
  BookingTracking,
  PremiumPassesResponse,
  ReservationFareResponse,
  ReservationLinesResponse,
  ReservationProductName,
  SeatAvailabilityResponse,
  SlotDaysResponse,
  StopPairsResponse,
  TripSlotsResponse,
} from '@sawari/contracts';
import { api } from '@sawari/runtime';
import type { Passengers } from './model';

const seg = encodeURIComponent;
const R = '/reservations/v1';

// Answer types are the API's response schemas (z.infer in @sawari/contracts), never retyped here.
export const loadLines = (city: string, product: ReservationProductName) =>
  api.get<ReservationLinesResponse>(`${R}/cities/${seg(city)}/lines`, { params: { product } }).then((r) => r.lines);
export const loadPairs = (city: string, product: ReservationProductName, q: { fromStopId?: string; toStopId?: string } = {}) =>
  api.get<StopPairsResponse>(`${R}/cities/${seg(city)}/stop-pairs`, { params: { product, ...q } }).then((r) => r.pairs);
export const loadDays = (city: string, lineId: string) => api.get<SlotDaysResponse>(`${R}/cities/${seg(city)}/lines/${seg(lineId)}/days`).then((r) => r.days);
export const loadSlots = (city: string, q: { lineId: string; fromStopId: string; toStopId: string; date?: string }) =>
  api.get<TripSlotsResponse>(`${R}/cities/${seg(city)}/slots`, { params: { ...q } });
export const loadSeatAvailability = (tripId: string) =>
  api.get<SeatAvailabilityResponse>(`${R}/trips/${seg(tripId)}/seat-availability`, { params: { mode: '2' } });
export const loadFare = (tripId: string, fromStopId: string, toStopId: string, passengers: Passengers) =>
  api.post<ReservationFareResponse>(`${R}/fare`, { options: [{ tripId, fromStopId, toStopId }], passengers });
export const loadPremiumPasses = (city: string) => api.get<PremiumPassesResponse>(`${R}/cities/${seg(city)}/premium-passes`).then((r) => r.passes);
export const holdSeats = (body: { tripId: string; fromStopId: string; toStopId: string; passengers: Passengers; farePaise: number; passId?: string }) =>
  api.post<Booking>(`${R}/bookings`, body);
/** The rider's bookings in `city`, or in every city (none given). */
export const loadBookings = (city?: string) => api.get<BookingList>(`${R}/bookings`, city ? { params: { city } } : undefined);
export const loadBooking = (id: string) => api.get<Booking>(`${R}/bookings/${seg(id)}`);
export const releaseHold = (id: string) => api.delete<Booking>(`${R}/bookings/${seg(id)}/hold`);
export const cancelBooking = (id: string, refundPaise: number) => api.post<Booking>(`${R}/bookings/${seg(id)}/cancel`, { refundPaise });
export const rescheduleBooking = (id: string, tripId: string, farePaise: number) =>
  api.post<Booking>(`${R}/bookings/${seg(id)}/reschedule`, { tripId, farePaise });
export const popupShown = (id: string, kind: 'cancellation' | 'reschedule') => api.post<Booking>(`${R}/bookings/${seg(id)}/popups`, { kind });
export const loadTracking = (id: string) => api.get<BookingTracking>(`${R}/bookings/${seg(id)}/tracking`);
/** The support offices' contacts of `city` (the booking's: its own, not the server's default; the /SOS screen shows
 *  them with their hours). */
export const loadSupport = (city?: string) => api.get<{ phone: string; email: string }>('/support/offices', city ? { params: { city } } : {});
