// The first paint of the shell's first screens (docs/architecture.md "First paint of /app"): the server sends /app/ and
// /app/onboarding as index.<lang>.html, which already holds the header and the screen's heading (src/index.html), so
// the page paints before any script runs. The app takes over these elements instead of replacing them.

/** The cookie that tells the server the rider's language, so that the first HTML is written in it. */
export const LANGUAGE_COOKIE = 'sawari_lang';

/** `document.cookie` text for `lang`: a year, sent only with /app pages (never with API calls), not cross-site. */
export function languageCookie(lang: string): string {
  return `${LANGUAGE_COOKIE}=${encodeURIComponent(lang)}; path=/app; max-age=31536000; samesite=lax`;
}

/** The element the server's first paint puts in the shell's screen container (src/index.html). */
export const FIRST_PAINT_ID = 'sawari-first-paint';
/** Marks the app's own loading skeleton, which stays hidden while the first paint is on the page. */
export const SCREEN_SKELETON_ATTR = 'data-screen-skeleton';

/** Paths with a first paint, as the server sends them (api/src/platform/static.ts FIRST_PAINT_PAGES): both are headed by home.heading. */
export const isFirstPaintPath = (pathname: string): boolean => pathname === '/app/' || pathname === '/app/onboarding';

/** Whether a node the app added to the screen container is a screen (not its loading skeleton, not the first paint). */
export function isAppScreen(node: { nodeType: number; id?: string; hasAttribute?: (name: string) => boolean }): boolean {
  return node.nodeType === 1 && node.id !== FIRST_PAINT_ID && !node.hasAttribute?.(SCREEN_SKELETON_ATTR);
}

/**
 * Keeps the first paint in `screen` until the app's own screen arrives there (in the same frame, so nothing blinks), or
 * until the rider goes to a path it does not belong to (a remote's screen renders elsewhere).
 */
export function handOverFirstPaint(screen: HTMLElement): void {
  const firstPaint = document.getElementById(FIRST_PAINT_ID);
  if (!firstPaint) return;
  const done = () => {
    observer.disconnect();
    window.removeEventListener('single-spa:routing-event', onRoute);
    firstPaint.remove();
  };
  const observer = new MutationObserver((records) => {
    if (records.some((r) => [...r.addedNodes].some(isAppScreen))) done();
  });
  const onRoute = () => {
    if (!isFirstPaintPath(location.pathname)) done();
  };
  observer.observe(screen, { childList: true });
  window.addEventListener('single-spa:routing-event', onRoute);
}
