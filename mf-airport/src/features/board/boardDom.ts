// The board in the browser, without React (docs/airport-timings.md "First paint of a board"): it takes over the rows
// the server wrote into the first HTML and keeps them current with the same markup function (boardHtml).
import { AIRPORT_CLOCK_REFRESH_MS, BOARD_DATA_ELEMENT_ID, boardHtml, parseBoardSegment } from '@sawari/domain';
import { preloadBoardApi, startBoardData, type BoardState } from './boardData';
import { isBoardConfig, isTimings } from './boardModel';
import type { CachedBoard } from './boardCache';
import { texts } from './texts';

/**
 * Writes a board's markup into `host`. The first time (or when the orientation changed) the whole board; after that
 * only the parts that differ (`data-part`: clock, rows, status, book-at), so the live region around the rows stays
 * the same element and nothing is redrawn that did not change.
 */
/** Same wall-clock minute (the board's countdowns and clock change only at minute boundaries, spec §9). */
export const sameMinute = (a: number, b: number): boolean => Math.floor(a / 60_000) === Math.floor(b / 60_000);

export function patchBoard(host: HTMLElement, html: string): void {
  const template = document.createElement('template');
  template.innerHTML = html;
  const next = template.content.firstElementChild as HTMLElement;
  const current = host.querySelector<HTMLElement>(':scope > [data-board]');
  if (!current || current.dataset.orientation !== next.dataset.orientation || host.children.length !== 1) {
    host.replaceChildren(next);
    return;
  }
  for (const part of Array.from(next.querySelectorAll<HTMLElement>('[data-part]'))) {
    const old = current.querySelector<HTMLElement>(`[data-part="${part.dataset.part}"]`);
    if (!old) return void host.replaceChildren(next);
    if (old.innerHTML !== part.innerHTML) old.replaceWith(part);
  }
}

/** A full-screen message for a board that cannot show a schedule (unknown board, refused, unreachable): never blank. */
export function renderMessage(host: HTMLElement, title: string | null, message: string, onRetry?: () => void): void {
  const section = document.createElement('section');
  section.className = 'sb-message';
  section.setAttribute('role', title ? 'alert' : 'status');
  if (title) section.append(Object.assign(document.createElement('h1'), { textContent: title }));
  section.append(Object.assign(document.createElement('p'), { textContent: message }));
  if (onRetry) {
    const button = Object.assign(document.createElement('button'), { type: 'button', textContent: texts.retry });
    button.addEventListener('click', onRetry);
    section.append(button);
  }
  host.replaceChildren(section);
}

/** The data the server inlined for this board, once (a later mount asks the network), or null. */
function takeInlineData(product: string, terminalId: string): CachedBoard | null {
  const el = document.getElementById(BOARD_DATA_ELEMENT_ID);
  if (!el) return null;
  el.remove();
  try {
    const d = JSON.parse(el.textContent ?? '') as { product?: unknown; terminalId?: unknown } & CachedBoard;
    if (d.product !== product || d.terminalId !== terminalId || !isBoardConfig(d.config)) return null;
    if (d.timings !== null && !isTimings(d.timings)) return null;
    return { config: d.config, timings: d.timings, updatedAt: typeof d.updatedAt === 'number' ? d.updatedAt : null };
  } catch {
    return null;
  }
}

/** Shows the board of `params` (the route's :board and :terminalId) in `host` until the answered function is called. */
export function mountBoard(host: HTMLElement, params: Record<string, string>, pathname: string): () => void {
  const parsed = parseBoardSegment(params.board ?? '');
  if (!parsed) {
    renderMessage(host, texts.notFoundTitle, texts.notFoundMessage(pathname));
    return () => host.replaceChildren();
  }
  const terminalId = params.terminalId ?? '';
  let state: BoardState = { status: 'loading' };
  const render = () => {
    switch (state.status) {
      case 'loading':
        return renderMessage(host, null, texts.loading);
      case 'not-found':
        return renderMessage(host, texts.notFoundTitle, texts.notFoundMessage(pathname));
      case 'unauthorised':
        return renderMessage(host, texts.unauthorisedTitle, texts.unauthorisedMessage);
      case 'unavailable':
        return renderMessage(host, texts.unavailableTitle, texts.unavailableMessage, () => location.reload());
      default: {
        const { config, timings, updatedAt, failing } = state;
        patchBoard(host, boardHtml({ orientation: parsed.orientation, config, timings, updatedAt, failing, now: Date.now() }));
      }
    }
  };

  // Spec §9: the clock (and every countdown) moves on at each minute boundary.
  let tick: ReturnType<typeof setTimeout>;
  const scheduleTick = () => {
    tick = setTimeout(
      () => {
        render();
        scheduleTick();
      },
      AIRPORT_CLOCK_REFRESH_MS - (Date.now() % AIRPORT_CLOCK_REFRESH_MS) + 5,
    );
  };
  scheduleTick();
  // Spec §2: the page reloads when the browser goes from offline to online.
  const reload = () => location.reload();
  window.addEventListener('online', reload);

  const inline = takeInlineData(parsed.product, terminalId);
  const serverRows = !!host.querySelector('[data-board]');
  // Server rows on screen and no data for them (cannot happen with one server): keep them until the network answers.
  if (!inline && !serverRows) render();
  // The server drew these rows from the same data in this same minute: taking them over needs no new markup, so the
  // first render (markup, formatters) waits for the next change or minute tick instead of adding to the page's load.
  let drawnByServer = serverRows && inline?.updatedAt != null && sameMinute(inline.updatedAt, Date.now());
  const stop = startBoardData(parsed.product, terminalId, inline, (next) => {
    state = next;
    const skip = drawnByServer && next.status === 'ready' && !next.failing;
    drawnByServer = false;
    if (!skip) render();
  });
  // The API chunk once the board is live, not before its rows: the next refresh needs it, and the first visit hands
  // what it loaded to the service worker (sw-client.ts), so a reload without server can still try the network.
  if ('requestIdleCallback' in window) requestIdleCallback(preloadBoardApi);
  else setTimeout(preloadBoardApi, 0);
  return () => {
    stop();
    clearTimeout(tick);
    window.removeEventListener('online', reload);
    host.replaceChildren();
  };
}
