// The app and every kiosk check for a new version on a timer (issue 15), not only when they navigate.
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
