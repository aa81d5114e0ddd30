// The airport board's markup as a pure function of its data and `now`: the server writes it into the board's first
// HTML, the board in the browser (mf-airport) writes the same function's output when it updates, so the page the
// server sent and the page the client keeps are one markup (docs/airport-timings.md "First paint of a board").
// Classes are plain (`sb-…`, styled by mf-airport/src/features/board/board.css); no DOM here, only text.
import { formatBookAt, formatClock12h, formatDataAge, formatTimeUntil, timeUntilNextBus } from './airport-board';

/**
 * The id of the `<script type="application/json">` in which the server hands a board its data with its first HTML:
 * `{ product, terminalId, config, timings, updatedAt }` (config and timings as the board's two API calls answer them).
 */
export const BOARD_DATA_ELEMENT_ID = 'sawari-board-data';

/** Every text a board shows. Fixed English by the spec (react-intl would cost the kiosk more than the board). */
export const BOARD_TEXTS = {
  heading: 'LIVE SCHEDULE',
  subheading: 'NEXT BUS TO',
  destinationColumn: 'Destination',
  nextBusColumn: 'Next bus in',
  currentTime: 'Current time',
  leaves: 'leaves',
  bookAt: 'BOOK AT',
  reconnecting: 'Connection lost. Retrying by itself…',
  updatedUnderAMinute: 'Last updated less than a minute ago',
} as const;

/** The parts of a terminal's config the board shows (AirportBoardConfig of @sawari/contracts has these fields). */
export interface BoardConfigView {
  place: string;
  counter: string;
  routeStopPairs: readonly { routeId: string; stopId: string; destination: string }[];
}
/** Timings per pair (TripTimingsResponse of @sawari/contracts). */
export interface BoardTimingsView {
  data: readonly { routeId: string; stopId?: string; timings: readonly number[] }[];
}

/** nextBus: the spec's countdown text; departsAt: the next bus's departure on the board's clock (null: none). */
export type BoardRow = { key: string; destination: string; nextBus: string; departsAt: string | null };

/** One row per route and stop pair of the terminal, in the configured order (spec §2). */
export function boardRows(config: BoardConfigView, timings: BoardTimingsView | null, now: number): BoardRow[] {
  const data = timings?.data ?? [];
  return config.routeStopPairs.map(({ routeId, stopId, destination }) => {
    const entry = data.find((d) => d.routeId === routeId && d.stopId === stopId) ?? data.find((d) => d.routeId === routeId && !d.stopId);
    const next = timeUntilNextBus(entry?.timings ?? [], now);
    return {
      key: `${routeId}:${stopId}`,
      destination,
      nextBus: formatTimeUntil(next),
      departsAt: next.kind === 'available' ? formatClock12h(next.departure) : null,
    };
  });
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Text or an attribute value made safe inside HTML. */
export const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);

export interface BoardView {
  orientation: 'vertical' | 'horizontal';
  config: BoardConfigView;
  timings: BoardTimingsView | null;
  /** When the timings were received (null: never); the age line shows from 2 minutes, or at once while failing. */
  updatedAt: number | null;
  /** The last call failed and the board is retrying by itself. */
  failing: boolean;
  now: number;
}

/**
 * The whole board: heading and clock, one row per pair, the age and retry line, BOOK AT. `data-part` marks what
 * changes from minute to minute (clock, rows, status, book-at), so the browser replaces only those and the polite
 * live region around the rows stays the same element.
 */
export function boardHtml({ orientation, config, timings, updatedAt, failing, now }: BoardView): string {
  const t = BOARD_TEXTS;
  const rows = boardRows(config, timings, now)
    .map(
      (r) =>
        `<tr data-testid="board-row"><th scope="row" class="sb-destination">${escapeHtml(r.destination)}</th><td class="sb-next">${escapeHtml(r.nextBus)}${
          r.departsAt ? `<span class="sb-departs"> ${t.leaves} ${escapeHtml(r.departsAt)}</span>` : ''
        }</td></tr>`,
    )
    .join('');
  // Fresh data says nothing; while the server does not answer, the age shows from the first failed call.
  const age = updatedAt === null ? null : (formatDataAge(updatedAt, now) ?? (failing ? t.updatedUnderAMinute : null));
  const status =
    age || failing
      ? `<p class="sb-age" data-testid="board-age">${age ? escapeHtml(age) : ''}${
          failing ? `<span class="sb-reconnecting" data-testid="board-reconnecting">${age ? ' · ' : ''}${t.reconnecting}</span>` : ''
        }</p>`
      : '';
  return (
    `<section class="sb sb-${orientation}" aria-labelledby="board-heading" data-orientation="${orientation}" data-board>` +
    `<header class="sb-top"><h1 id="board-heading" class="sb-heading">${t.heading}</h1>` +
    `<p class="sb-clock"><span class="sb-sr">${t.currentTime}: </span><time data-testid="board-clock" data-part="clock">${formatClock12h(now)}</time></p></header>` +
    `<div class="sb-schedule" aria-live="polite"><table class="sb-rows"><caption class="sb-subheading">${t.subheading}</caption>` +
    `<thead class="sb-sr"><tr><th scope="col">${t.destinationColumn}</th><th scope="col">${t.nextBusColumn}</th></tr></thead>` +
    `<tbody data-part="rows">${rows}</tbody></table><div class="sb-status" data-part="status">${status}</div></div>` +
    `<footer class="sb-book"><span class="sb-book-label">${t.bookAt}</span> <span data-testid="board-book-at" data-part="book">${escapeHtml(
      formatBookAt(config.place, config.counter),
    )}</span></footer></section>`
  );
}
