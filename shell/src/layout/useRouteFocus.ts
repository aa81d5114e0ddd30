import { useEffect, useRef } from 'react';

/** Whether the rider has pressed a key or touched the page since it loaded. */
let interacted = false;
const noteInteraction = () => {
  interacted = true;
};
if (typeof window !== 'undefined') {
  window.addEventListener('keydown', noteInteraction, { capture: true, once: true });
  window.addEventListener('pointerdown', noteInteraction, { capture: true, once: true });
}

/**
 * Focus management on route change: once the new screen has rendered its h1, focus moves to it (screen readers
 * announce the new screen; keyboard users start from its top) and the page scrolls to the top. Not on the first load,
 * nor on a redirect before the rider has done anything (home to onboarding on a first visit): the page is still
 * loading, focus is where a load leaves it, and scrolling and focusing would force a layout in the middle of start-up.
 * Lazily loaded screens arrive later, and the old screen may still be on the page when this runs, so it follows the
 * screen's h1 for a few seconds (until the rider presses a key or taps), focusing each new one.
 */
export function useRouteFocus(pathname: string, container: HTMLElement): void {
  const first = useRef(true);
  useEffect(() => {
    if (first.current || !interacted) {
      first.current = false;
      return;
    }
    window.scrollTo(0, 0);
    let focused: Element | null = null;
    const focusHeading = () => {
      const h1 = container.querySelector('h1');
      if (!h1 || h1 === focused) return;
      if (!h1.hasAttribute('tabindex')) h1.setAttribute('tabindex', '-1');
      h1.focus({ preventScroll: true });
      focused = h1;
    };
    const observer = new MutationObserver(focusHeading);
    const stop = () => {
      observer.disconnect();
      clearTimeout(timer);
      window.removeEventListener('keydown', stop, true);
      window.removeEventListener('pointerdown', stop, true);
    };
    const timer = setTimeout(stop, 5000);
    window.addEventListener('keydown', stop, true);
    window.addEventListener('pointerdown', stop, true);
    observer.observe(container, { childList: true, subtree: true });
    focusHeading();
    return stop;
  }, [pathname, container]);
}
