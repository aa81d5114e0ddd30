import type { LifeCycles } from 'single-spa';
import { fallbackLifecycles, type LoadLifecycles, type ShellProps } from './federation';
import type { RemoteEntry } from './routing';

jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn() }));
// The panel without a DOM: what is shown, and its Retry button.
const panel = { shown: false, retry: null as null | (() => void) };
jest.mock('@sawari/ui/src/dom', () => ({
  renderUnavailablePanel: (_host: unknown, _texts: unknown, onRetry: () => void) => {
    panel.shown = true;
    panel.retry = onRetry;
    return () => (panel.shown = false);
  },
}));

const remote = {
  name: 'mf_airport',
  dir: 'mf-airport',
  version: 'aaaaaaaaaaaa',
  entry: '/remotes/mf-airport/aaaaaaaaaaaa/mf-manifest.json',
  prefixes: ['/airport-static-screens'],
} as RemoteEntry;

function setup(failures: number) {
  // A kiosk container holding what its server wrote (a board's rows), or the app's outlet.
  const host = { replaceChildren: jest.fn() };
  panel.shown = false;
  panel.retry = null;
  const mounted = jest.fn(async () => undefined);
  const real: LifeCycles<ShellProps> = { bootstrap: async () => undefined, mount: mounted, unmount: async () => undefined };
  let calls = 0;
  const load: LoadLifecycles = async () => {
    calls++;
    if (calls <= failures) throw new Error('down');
    return real;
  };
  const props = { domElementGetter: () => host, name: 'mf_airport' };
  return { host, mounted, load, props, calls: () => calls };
}

const flush = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

describe('a remote that failed to arrive', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('on a kiosk, is retried by itself with the given back-off until it mounts, then the panel goes', async () => {
    const t = setup(2);
    const delays: number[] = [];
    const app = fallbackLifecycles(remote, t.load, (attempt) => (delays.push(attempt), 1000 * 2 ** attempt));
    await (app.mount as (p: unknown) => Promise<void>)(t.props);
    expect(panel.shown).toBe(true);
    // The panel takes the place of the served rows: nothing would keep them current.
    expect(t.host.replaceChildren).toHaveBeenCalledTimes(1);
    expect(t.calls()).toBe(0);
    await jest.advanceTimersByTimeAsync(1000); // first retry: still down
    await flush();
    expect(t.calls()).toBe(1);
    await jest.advanceTimersByTimeAsync(1999);
    expect(t.calls()).toBe(1); // the second waits twice as long
    await jest.advanceTimersByTimeAsync(1);
    await flush();
    expect(t.calls()).toBe(2);
    await jest.advanceTimersByTimeAsync(4000); // third: up
    await flush();
    expect(t.calls()).toBe(3);
    expect(t.mounted).toHaveBeenCalledTimes(1);
    expect(panel.shown).toBe(false);
    expect(delays).toEqual([0, 1, 2]);
    await jest.advanceTimersByTimeAsync(60_000);
    expect(t.calls()).toBe(3); // nothing more once mounted
  });

  it('in the app, waits for the rider to press Retry', async () => {
    const t = setup(0);
    const app = fallbackLifecycles(remote, t.load);
    await (app.mount as (p: unknown) => Promise<void>)(t.props);
    expect(t.host.replaceChildren).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(120_000);
    expect(t.calls()).toBe(0);
    panel.retry?.();
    await flush();
    await flush();
    expect(t.mounted).toHaveBeenCalledTimes(1);
  });

  it('stops retrying once unmounted', async () => {
    const t = setup(99);
    const app = fallbackLifecycles(remote, t.load, () => 1000);
    await (app.mount as (p: unknown) => Promise<void>)(t.props);
    await (app.unmount as (p: unknown) => Promise<void>)(t.props);
    await jest.advanceTimersByTimeAsync(10_000);
    expect(t.calls()).toBe(0);
  });
});
