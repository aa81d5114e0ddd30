// The app and every kiosk check for a new version on a timer, not only when they navigate.
import { registerServiceWorker, UPDATE_CHECK_MS } from './sw-client';

type Listener = () => void;

function fakeBrowser() {
  const update = jest.fn(async () => undefined);
  const listeners: Record<string, Listener> = {};
  const registration = { waiting: null, installing: null, update, addEventListener: (type: string, fn: Listener) => (listeners[type] = fn) };
  const serviceWorker = { controller: {}, register: jest.fn(async () => registration), ready: new Promise(() => undefined), addEventListener: jest.fn() };
  Object.assign(globalThis, {
    navigator: { serviceWorker },
    document: { documentElement: { dataset: {} as Record<string, string> }, getElementById: () => null },
  });
  return { update, serviceWorker };
}

describe('registerServiceWorker', () => {
  const saved = { navigator: globalThis.navigator, document: (globalThis as { document?: unknown }).document };
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    jest.useRealTimers();
    Object.defineProperty(globalThis, 'navigator', { value: saved.navigator, configurable: true, writable: true });
    (globalThis as { document?: unknown }).document = saved.document;
  });

  for (const kiosk of [false, true]) {
    it(`asks the server for a new version every 15 minutes (${kiosk ? 'kiosk' : 'app'})`, async () => {
      const b = fakeBrowser();
      registerServiceWorker({ kiosk });
      await jest.advanceTimersByTimeAsync(0);
      expect(b.serviceWorker.register).toHaveBeenCalledWith('/app/sw.js', { scope: '/app/' });
      expect(UPDATE_CHECK_MS).toBe(15 * 60_000);
      await jest.advanceTimersByTimeAsync(UPDATE_CHECK_MS - 1);
      expect(b.update).not.toHaveBeenCalled();
      await jest.advanceTimersByTimeAsync(1);
      expect(b.update).toHaveBeenCalledTimes(1);
      await jest.advanceTimersByTimeAsync(2 * UPDATE_CHECK_MS);
      expect(b.update).toHaveBeenCalledTimes(3);
    });
  }
});

describe('first visit: keeping what the page loads for offline use', () => {
  const saved = {
    navigator: globalThis.navigator,
    document: (globalThis as { document?: unknown }).document,
    performance: globalThis.performance,
    PerformanceObserver: (globalThis as { PerformanceObserver?: unknown }).PerformanceObserver,
    MessageChannel: globalThis.MessageChannel,
    location: (globalThis as { location?: unknown }).location,
  };
  // Fake timers: registering starts the 15-minute update check (setInterval), which would otherwise outlive the test
  // and keep jest from exiting.
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    jest.useRealTimers();
    for (const [key, value] of Object.entries(saved)) Object.defineProperty(globalThis, key, { value, configurable: true, writable: true });
  });

  it('hands over files that arrive after the worker became active, and is offline-ready only when all are kept', async () => {
    const origin = 'http://127.0.0.1:1';
    const batches: string[][] = [];
    const replies: Array<() => void> = [];
    const worker = {
      postMessage: (msg: { payload: { urlsToCache: string[] } }, [port]: [{ reply: () => void }]) => {
        batches.push(msg.payload.urlsToCache);
        replies.push(port.reply);
      },
    };
    let observe: ((list: { getEntries(): Array<{ name: string }> }) => void) | undefined;
    const dataset: Record<string, string> = {};
    const define = (key: string, value: unknown) => Object.defineProperty(globalThis, key, { value, configurable: true, writable: true });
    define('location', { origin });
    define('document', { documentElement: { dataset }, getElementById: () => null });
    define('performance', { getEntriesByType: () => [{ name: `${origin}/remotes/mf-airport/1/remoteEntry.js` }, { name: 'https://tiles.example/1.png' }] });
    define(
      'PerformanceObserver',
      class {
        constructor(cb: typeof observe) {
          observe = cb;
        }
        observe() {}
      },
    );
    define(
      'MessageChannel',
      class {
        port1: { onmessage?: () => void } = {};
        port2 = { reply: () => this.port1.onmessage?.() };
      },
    );
    const registration = { waiting: null, installing: null, update: jest.fn(async () => undefined), addEventListener: () => undefined };
    define('navigator', {
      serviceWorker: { controller: null, register: async () => registration, ready: Promise.resolve({ active: worker }), addEventListener: () => undefined },
    });

    registerServiceWorker({ kiosk: true });
    await jest.advanceTimersByTimeAsync(0);
    // What loaded before the worker was active, plus the remotes list (inline in a board's HTML); never other origins.
    expect(batches).toEqual([[`${origin}/remotes/mf-airport/1/remoteEntry.js`, `${origin}/app/remotes.json`]]);
    expect(dataset.offlineReady).toBeUndefined();
    // The board's chunk arrives later: handed over too, and the page is not offline-ready until it is kept.
    observe!({ getEntries: () => [{ name: `${origin}/remotes/mf-airport/1/board.js` }, { name: `${origin}/remotes/mf-airport/1/remoteEntry.js` }] });
    expect(batches[1]).toEqual([`${origin}/remotes/mf-airport/1/board.js`]);
    replies[0]();
    expect(dataset.offlineReady).toBeUndefined();
    replies[1]();
    expect(dataset.offlineReady).toBe('true');
    // A file already handed over is not sent again.
    observe!({ getEntries: () => [{ name: `${origin}/remotes/mf-airport/1/board.js` }] });
    expect(batches).toHaveLength(2);
  });
});
