// The fare of what the buying flow holds: one leg (single journey, `POST …/fare`) or 2–4 legs (`POST
// …/multi-route-fare`), as one shape the fare and pay screens draw.
import type { FareResponse, LegFare, MultiRouteFareResponse } from '@sawari/contracts';
import { ticketsApi } from '../common/api';
import { flowLegs, isMultiRoute, type Flow } from '../common/model';

export type Quote = { payableAmount: number; agency: string; legs: LegFare[]; total: FareResponse | MultiRouteFareResponse };

/** The leg being chosen as the API takes it (the flow must be complete: flowReady). */
export const legOf = (f: Flow) => ({ routeId: f.route!.routeId, fromStopId: f.fromStopId!, toStopId: f.toStopId! });
export const legBody = (l: { routeId: string; fromStopId: string; toStopId: string }) => ({
  routeId: l.routeId,
  fromStopId: l.fromStopId,
  toStopId: l.toStopId,
});

export async function fetchQuote(city: string, flow: Flow, signal?: AbortSignal): Promise<Quote> {
  if (isMultiRoute(flow)) {
    const m = await ticketsApi.multiFare(city, flowLegs(flow).map(legBody), flow.passengers, signal);
    return { payableAmount: m.payableAmount, agency: m.legs[0]?.agency ?? '', legs: m.legs, total: m };
  }
  const f = await ticketsApi.fare(city, legOf(flow), flow.passengers, signal);
  return { payableAmount: f.payableAmount, agency: f.agency, legs: [f], total: f };
}
