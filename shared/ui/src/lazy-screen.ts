// A lazily loaded screen that renders without suspending once its chunk is in (the shell's screens and every remote's).
import * as React from 'react';

/** A lazily loaded screen whose chunk can be fetched ahead (`preload`); once it is in, it renders without suspending. */
export type LazyScreen<P extends object = object> = React.ComponentType<P> & { preload: () => Promise<unknown> };

/**
 * A lazily loaded screen (the chunk's default export, or `pick` for a named one of a chunk several screens share).
 * Nothing suspends on a first render once the chunk is in: a render that suspends shows the Suspense fallback, and
 * React then holds the content back until 300 ms after that fallback was shown (its fallback throttle), whatever the
 * chunk's own time (docs/architecture.md "Nothing suspends on a first render"). React.lazy is only taken before the
 * chunk is in, and never commits content: `loaded` is set before React.lazy hears of the module, so a screen never
 * switches component type once shown.
 */
export function lazyScreen<P extends object>(load: () => Promise<{ default: React.ComponentType<P> }>): LazyScreen<P>;
export function lazyScreen<M, P extends object>(load: () => Promise<M>, pick: (m: M) => React.ComponentType<P>): LazyScreen<P>;
export function lazyScreen<M, P extends object>(
  load: () => Promise<M>,
  pick: (m: M) => React.ComponentType<P> = (m) => (m as { default: React.ComponentType<P> }).default,
): LazyScreen<P> {
  let loaded: React.ComponentType<P> | null = null;
  const preload = () => load().then((m) => (loaded = pick(m)));
  const Lazy = React.lazy(() => preload().then((c) => ({ default: c })));
  const Screen = (props: P) => (loaded ? React.createElement(loaded, props) : React.createElement(Lazy, props));
  return Object.assign(Screen, { preload });
}

/**
 * How long a first render waits for its screen's chunk and catalog before it renders anyway: past it the loading state
 * shows (a slow network sees grey bars, not a blank screen).
 */
export const PRELOAD_WAIT_MS = 500;

/** Resolves when every load has settled (a failure is left to the screen: its offline panel, the error boundary) or after `waitMs`. */
export async function loadedOrLater(loads: readonly (Promise<unknown> | null)[], waitMs: number = PRELOAD_WAIT_MS): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    Promise.allSettled(loads),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, waitMs);
    }),
  ]);
  clearTimeout(timer);
}
