import type { AirportBoardConfig, TripTimingsRequest, TripTimingsResponse } from '@sawari/contracts';
import { ApiError } from '../../platform/errors';
import type { TimetableCache } from '../transit/timetable-cache';
import type { AirportStore } from './store';

/** The airport boards' rules: terminal config and departure timings. No HTTP, no SQL. */
export class AirportService {
  constructor(
    private readonly store: AirportStore,
    private readonly timetables: TimetableCache,
  ) {}

  async boardConfig(product: string, terminalId: string): Promise<AirportBoardConfig> {
    const t = await this.store.terminal(product, terminalId);
    if (!t) throw new ApiError(404, 'BOARD_NOT_FOUND', `There is no ${product} board for terminal ${terminalId}.`);
    const { timetable } = await this.timetables.get(t.cityId);
    return {
      city: t.cityId,
      product: t.product,
      terminalId: t.terminalId,
      place: t.place,
      counter: t.counter,
      routeStopPairs: t.pairs.map((p) => ({ ...p, destination: timetable?.destination(p.routeId) ?? p.routeId })),
    };
  }

  /** Spec §7: per pair, in request order, the departures within the window (epoch ms, ascending). */
  async timings(cityId: string, body: TripTimingsRequest): Promise<TripTimingsResponse> {
    const { cityKnown, timetable } = await this.timetables.get(cityId);
    if (!cityKnown) throw new ApiError(404, 'CITY_NOT_FOUND', `There is no city "${cityId}".`);
    if (!timetable) throw new ApiError(404, 'CITY_NOT_FOUND', `No timetable is published for ${cityId} yet.`);
    for (const { routeId, stopId } of body.routeStopPairs) {
      const check = timetable.check(routeId, stopId);
      if (check.ok) continue;
      const message =
        check.reason === 'unknown-route'
          ? `Route "${routeId}" is not in the ${cityId} timetable.`
          : check.reason === 'unknown-stop'
            ? `Stop "${stopId}" is not in the ${cityId} timetable.`
            : `Route "${routeId}" does not serve stop "${stopId}".`;
      throw new ApiError(400, 'UNKNOWN_ROUTE_STOP', message);
    }
    const from = Number(body.timeWindow.fromTime);
    const to = Number(body.timeWindow.toTime);
    const days = timetable.serviceDays(from, to);
    return {
      data: body.routeStopPairs.map(({ routeId, stopId }) => ({ routeId, stopId, timings: timetable.departures(routeId, stopId, from, to, days) })),
    };
  }
}
