import { useEffect, useRef } from 'react';

/**
 * Focus management on route change: once the new screen has rendered its h1, focus moves to it (screen readers
 * announce the new screen; keyboard users start from its top) and the page scrolls to the top. Not on the first load.
 */
export function useRouteFocus(pathname: string, container: HTMLElement): void {
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    window.scrollTo(0, 0);
    const focusHeading = () => {
      const h1 = container.querySelector('h1');
      if (!h1) return false;
      if (!h1.hasAttribute('tabindex')) h1.setAttribute('tabindex', '-1');
      h1.focus({ preventScroll: true });
      return true;
    };
    if (focusHeading()) return;
    // Lazily loaded screens arrive later: wait for their heading (at most 5 s).
    const observer = new MutationObserver(() => focusHeading() && stop());
    const timer = setTimeout(() => stop(), 5000);
    const stop = () => {
      observer.disconnect();
      clearTimeout(timer);
    };
    observer.observe(container, { childList: true, subtree: true });
    return stop;
  }, [pathname, container]);
}
