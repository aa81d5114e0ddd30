// The reserved-seat API as the airport rider screens call it (through @sawari/runtime's `api`). The airport express
// is the AIRPORT product of the reservations module (docs/reservations.md); its slots follow the boards' timetable.
import type { ReservationLinesResponse, SlotDaysResponse, StopPairsResponse, TripSlotsResponse } from '@sawari/contracts';
import { api } from '@sawari/runtime';

const seg = encodeURIComponent;
const R = '/reservations/v1';

export const loadAirportLines = (city: string) =>
  api.get<ReservationLinesResponse>(`${R}/cities/${seg(city)}/lines`, { params: { product: 'AIRPORT' } }).then((r) => r.lines);
export const loadAirportPairs = (city: string) =>
  api.get<StopPairsResponse>(`${R}/cities/${seg(city)}/stop-pairs`, { params: { product: 'AIRPORT' } }).then((r) => r.pairs);
export const loadAirportSlots = (city: string, q: { lineId: string; fromStopId: string; toStopId: string; date?: string }) =>
  api.get<TripSlotsResponse>(`${R}/cities/${seg(city)}/slots`, { params: { ...q } });
export const loadAirportDays = (city: string, lineId: string) =>
  api.get<SlotDaysResponse>(`${R}/cities/${seg(city)}/lines/${seg(lineId)}/days`).then((r) => r.days);
