// Pure rules of the airport rider screens (no React, no network): which city a screen is for, the lines to book with
// the stop pair each books, the pairs whose next departure the ETA lists show, and the paths between the steps.
// Unit-tested in model.test.ts.
import type { ReservationLine, StopPair, TripSlot, TripSlotsResponse } from '@sawari/contracts';
import { CITY_TIME_ZONE, cityDateTimeMs, formatCityDate, isoFromYmd } from '@sawari/domain';

export type AirportCity = { city: string | null; name: string; ok: boolean; loading: boolean };
type CityInfo = { name: string; features: { airport?: boolean; premium?: boolean } & Record<string, unknown> } | null | undefined;

/**
 * The route's city (`param`), else the rider's (`chosen`): trusted as named when the route names another city than
 * the rider's; the rider's own city only where it has both the airport and premium features; loading while its
 * config is.
 */
export function airportCity(param: string | undefined, chosen: string | null | undefined, city: CityInfo, status: string): AirportCity {
  const id = param ?? chosen ?? null;
  if (!id) return { city: null, name: '', ok: false, loading: false };
  if (param && param !== chosen) return { city: param, name: param, ok: true, loading: false };
  if (!city) return { city: id, name: id, ok: false, loading: status === 'loading' || status === 'idle' };
  return { city: id, name: city.name, ok: city.features.airport === true && city.features.premium === true, loading: false };
}

/** Each line once (in the order the API lists its pairs) with the pair a rider books on it: to its farthest stop. */
export function linesToBook(pairs: readonly StopPair[]): { line: ReservationLine; pair: StopPair }[] {
  const byLine = new Map<string, StopPair[]>();
  for (const p of pairs) byLine.set(p.line.id, [...(byLine.get(p.line.id) ?? []), p]);
  return [...byLine.values()].map((list) => ({ line: list[0].line, pair: list.reduce((a, b) => (b.to.offsetMin > a.to.offsetMin ? b : a)) }));
}

export const slotsPath = (line: ReservationLine, p: StopPair) =>
  `/airport-experience/select-slots?lineId=${encodeURIComponent(line.id)}&fromStopId=${encodeURIComponent(p.from.stopId)}&toStopId=${encodeURIComponent(p.to.stopId)}`;

/** The fare step in mf-premium for a slot and a number of adults. */
export const farePath = (tripId: string, fromStopId: string, toStopId: string, adults: number) =>
  `/premium-buses/fare-details?tripId=${encodeURIComponent(tripId)}&fromStopId=${encodeURIComponent(fromStopId)}&toStopId=${encodeURIComponent(toStopId)}&adult=${adults}&child=0&senior=0`;

/** /airport-experience/eta/:type: from-airport or to-airport; null for any other list. */
export const etaType = (param: string | undefined): 'from' | 'to' | null => (param === 'to-airport' ? 'to' : param === 'from-airport' ? 'from' : null);

/** An airport terminal's bus bay (T1-BAY, T2-BAY). */
const terminal = (stopId: string) => /^T\d-BAY$/.test(stopId);

/**
 * The pair of each line an ETA list shows: from the airport, the line starting at a terminal to its farthest stop; to
 * the airport, the line from its first stop to the terminal it ends at (Kharghar and Thane to T1/T2).
 */
export function etaPairs(pairs: readonly StopPair[], type: 'from' | 'to'): StopPair[] {
  const chosen = new Map<string, StopPair>();
  for (const p of pairs) {
    const first = p.from.stopId === p.line.stops[0].stopId;
    const fromAirport = first && terminal(p.from.stopId);
    const toAirport = first && terminal(p.to.stopId);
    if ((type === 'from' ? fromAirport : toAirport) && (!chosen.get(p.line.id) || p.to.offsetMin > chosen.get(p.line.id)!.to.offsetMin))
      chosen.set(p.line.id, p);
  }
  return [...chosen.values()];
}

export type Departure = { line: ReservationLine; slot: TripSlot; from: string; to: string };

/** The next planned departure of each pair (slots from `loadSlots`), soonest first; a pair with none left is left out. */
export async function nextDepartures(
  pairs: readonly StopPair[],
  loadSlots: (q: { lineId: string; fromStopId: string; toStopId: string }) => Promise<TripSlotsResponse>,
): Promise<Departure[]> {
  const out: Departure[] = [];
  for (const p of pairs) {
    const s = await loadSlots({ lineId: p.line.id, fromStopId: p.from.stopId, toStopId: p.to.stopId });
    const next = s.slots.find((x) => x.status === 'PLANNED');
    if (next) out.push({ line: p.line, slot: next, from: p.from.name, to: p.to.name });
  }
  return out.sort((a, b) => a.slot.startTime - b.slot.startTime);
}

/**
 * A slot day as the day list shows it: the app's one date format ("28 Nov 2026", "28 नव॰ 2026"), the city's calendar
 * day (YYYYMMDD, read at noon in the city's zone) in the rider's language (shared/domain formatCityDate). A value
 * that is not a day is shown as it came.
 */
export function dayOption(d: string, locale = 'en-IN', timeZone: string = CITY_TIME_ZONE): string {
  const noon = /^\d{8}$/.test(d) ? cityDateTimeMs(isoFromYmd(d), 12 * 60, timeZone) : null;
  return noon === null ? d : formatCityDate(noon, locale, timeZone);
}

/** The slot page's query: its line and stop pair, or null when any is missing (a cut link: choose a route first). */
export function slotsQuery(search: string): { lineId: string; fromStopId: string; toStopId: string } | null {
  const q = new URLSearchParams(search);
  const lineId = q.get('lineId') ?? '';
  const fromStopId = q.get('fromStopId') ?? '';
  const toStopId = q.get('toStopId') ?? '';
  return lineId && fromStopId && toStopId ? { lineId, fromStopId, toStopId } : null;
}

/** Whether `passengers` can still book this slot. */
export const canChoose = (slot: Pick<TripSlot, 'bookable' | 'seatsLeft'>, passengers: number) => slot.bookable && slot.seatsLeft >= passengers;
