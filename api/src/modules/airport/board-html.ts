import { BOARD_DATA_ELEMENT_ID, boardHtml, parseBoardSegment, timingsWindow } from '@sawari/domain';
import { airportBoardParamsSchema, type TripTimingsResponse } from '@sawari/contracts';
import { ApiError } from '../../platform/errors';
import type { PageContent } from '../../platform/static';
import type { AirportService } from './service';

const BOARD_PATH = /^\/app\/airport-static-screens\/([^/]+)\/([^/]+)\/?$/;

/**
 * A board's rows in its first HTML (docs/airport-timings.md "First paint of a board"): the terminal config and the
 * current timings (the same shared cache the boards poll) written with the board's own markup function
 * (`boardHtml` of @sawari/domain, which the board in the browser uses too), inside the kiosk's container the shell
 * keeps, and the same data for the board to start from. Null: not a board the server knows (the page loads as before
 * and the board says what is wrong).
 */
export function boardPage(service: AirportService, now: () => number) {
  return async (pathname: string): Promise<PageContent | null> => {
    const m = BOARD_PATH.exec(pathname);
    if (!m) return null;
    let segment: string;
    let terminalId: string;
    try {
      segment = decodeURIComponent(m[1]);
      terminalId = decodeURIComponent(m[2]);
    } catch {
      return null;
    }
    const parsed = parseBoardSegment(segment);
    if (!parsed || !airportBoardParamsSchema.safeParse({ product: parsed.product, terminalId }).success) return null;
    let config;
    try {
      config = await service.boardConfig(parsed.product, terminalId);
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) return null;
      throw err;
    }
    const t = now();
    let timings: TripTimingsResponse | null = null;
    try {
      const pairs = config.routeStopPairs.map(({ routeId, stopId }) => ({ routeId, stopId }));
      timings = JSON.parse((await service.timings(config.city, { routeStopPairs: pairs, timeWindow: timingsWindow(t) })).body) as TripTimingsResponse;
    } catch (err) {
      // No timetable for the terminal's pairs: the rows say Not Available, as the board does when its call fails.
      if (!(err instanceof ApiError)) throw err;
    }
    const view = { orientation: parsed.orientation, config, timings, updatedAt: timings ? t : null, failing: false, now: t };
    return {
      html: `<main id="sawari-kiosk">${boardHtml(view)}</main>`,
      data: { id: BOARD_DATA_ELEMENT_ID, value: { product: parsed.product, terminalId, config, timings, updatedAt: view.updatedAt } },
    };
  };
}
