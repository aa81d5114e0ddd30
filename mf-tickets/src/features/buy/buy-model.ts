// Pure rules of the buying screens (no React, no network): which step a flow still misses, which message a refused
// passenger count or set of legs shows, which direction of a route a hand-over or a stop choice means, and what an
// instant ticket costs. The screens (SelectTicketScreen, SelectStopScreen, ...) only draw them. Unit-tested in
// buy-model.test.ts.
import { ticketValidity } from '@sawari/domain';
import { MAX_PASSENGERS, type Flow, type LegsError } from '../common/model';

/** The buying steps a screen may send the rider back to (common/ui `paths` keys). */
export type BuyStep = 'selectRoute' | 'selectStop' | 'selectTicket' | 'userDetails';

/** Whether the leg being chosen is complete for `city`: a route and both stops. */
export const flowReady = (f: Flow, city: string): boolean => f.city === city && !!f.route && !!f.fromStopId && !!f.toStopId;

/**
 * The first step the flow misses for a screen that needs `need` (the stops, a quote for exactly this choice, or the
 * rider's confirmed details); null when the screen can show. `key` is quoteKey(flow).
 */
export function missingStep(f: Flow, city: string, need: 'stops' | 'quote' | 'details', key: string): BuyStep | null {
  if (!f.route || f.city !== city) return 'selectRoute';
  if (!flowReady(f, city)) return 'selectStop';
  if (need !== 'stops' && f.quote?.key !== key) return 'selectTicket';
  if (need === 'details' && !f.detailsConfirmed) return 'userDetails';
  return null;
}

/** The message of a passenger count the server would refuse. */
export const passengerProblemId = (e: 'NO_PASSENGERS' | 'TOO_MANY_PASSENGERS'): string =>
  e === 'NO_PASSENGERS' ? 'error.noPassengers' : 'error.tooManyPassengers';

/** The message of a multi-route ticket's legs the server would refuse (takes {max}). */
export const legsProblemId = (e: LegsError): string =>
  e === 'SAME_LEG' ? 'multi.error.sameLeg' : e === 'SAME_STOP' ? 'error.sameStop' : e === 'NOT_CONNECTED' ? 'multi.error.notConnected' : 'multi.error.count';

type Direction = { directionId: number; stops: readonly { stop_id: string }[] };

/** The direction of a route that goes from `from` to `to` (in that order); undefined when none does or a stop is missing. */
export function directionServing<D extends Direction>(directions: readonly D[], from?: string | null, to?: string | null): D | undefined {
  if (!from || !to) return undefined;
  return directions.find((d) => {
    const i = d.stops.findIndex((s) => s.stop_id === from);
    return i >= 0 && d.stops.slice(i + 1).some((s) => s.stop_id === to);
  });
}

/**
 * The directions a rider can choose from (two stops or more), and the one shown: the flow's, else the one where the
 * chosen boarding stop can be boarded, else the first. `shown` is undefined when the route has no usable direction.
 */
export function chooseDirection<D extends Direction>(
  all: readonly D[],
  directionId: number | null,
  fromStopId: string | null,
): { directions: D[]; shown: D | undefined } {
  const directions = all.filter((d) => d.stops.length >= 2);
  const shown =
    directions.find((d) => d.directionId === directionId) ??
    directions.find((d) => d.stops.slice(0, -1).some((s) => s.stop_id === fromStopId)) ??
    directions[0];
  return { directions, shown };
}

/** How long an instant ticket is valid from its payment (shared/domain ticketValidity: the activation window). */
export const INSTANT_VALID_MINUTES = (ticketValidity('instant', 0).expiryTime - ticketValidity('instant', 0).startTime) / 60_000;

/**
 * The instant fare the rider chose (null until they choose one of `fares`), how many travel (1 by default), the most
 * they may choose (the app's and the city's limits) and what it costs.
 */
export function instantChoice<F extends { id: string; farePaise: number }>(
  fares: readonly F[],
  chosenFare: Flow['instant'],
  maxPassengers: number,
): { chosen: F | null; count: number; max: number; total: number } {
  const max = Math.min(MAX_PASSENGERS, maxPassengers);
  const chosen = fares.find((f) => f.id === chosenFare?.fareId) ?? null;
  const count = chosenFare?.count ?? 1;
  return { chosen, count, max, total: chosen ? chosen.farePaise * count : 0 };
}
