// The standalone kiosk registers the app's service worker itself (no shell on its page).
import { isKeptForOffline, registerKioskServiceWorker, UPDATE_CHECK_MS } from './serviceWorker';

const ORIGIN = 'https://sawari.example';
const PAGE = '/app/airport-static-screens/airport-express-bus-time/T1';

describe('isKeptForOffline', () => {
  it('keeps the board page itself, the remote files and remotes.json; nothing else', () => {
    expect(isKeptForOffline(`${ORIGIN}${PAGE}?version-check-s=3`, ORIGIN, PAGE)).toBe(true);
    expect(isKeptForOffline(`${ORIGIN}/remotes/mf-airport/aaaaaaaaaaaa/kiosk.0123456789.js`, ORIGIN, PAGE)).toBe(true);
    expect(isKeptForOffline(`${ORIGIN}/app/remotes.json`, ORIGIN, PAGE)).toBe(true);
    expect(isKeptForOffline(`${ORIGIN}/api/tub/v1/trips/mumbai/by_route_stop_pairs`, ORIGIN, PAGE)).toBe(false);
    expect(isKeptForOffline(`${ORIGIN}/app/airport-static-screens/airport-express-bus-time/T2`, ORIGIN, PAGE)).toBe(false);
    expect(isKeptForOffline(`https://elsewhere.example/remotes/x.js`, ORIGIN, PAGE)).toBe(false);
  });
});

describe('registerKioskServiceWorker', () => {
  const saved = { navigator: globalThis.navigator, document: (globalThis as { document?: unknown }).document };
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    jest.useRealTimers();
    Object.defineProperty(globalThis, 'navigator', { value: saved.navigator, configurable: true, writable: true });
    (globalThis as { document?: unknown }).document = saved.document;
  });

  function fakeBrowser(waiting: { postMessage: jest.Mock } | null) {
    const update = jest.fn(async () => undefined);
    const registration = { waiting, installing: null, update, addEventListener: jest.fn() };
    const serviceWorker = { controller: {}, register: jest.fn(async () => registration), ready: new Promise(() => undefined), addEventListener: jest.fn() };
    const dataset: Record<string, string> = {};
    Object.defineProperty(globalThis, 'navigator', { value: { serviceWorker }, configurable: true, writable: true });
    (globalThis as { document?: unknown }).document = { documentElement: { dataset } };
    return { update, serviceWorker, dataset };
  }

  it('registers the app worker, is offline-ready under a controller, applies a waiting version, checks every 15 min', async () => {
    const waiting = { postMessage: jest.fn() };
    const b = fakeBrowser(waiting);
    registerKioskServiceWorker();
    await jest.advanceTimersByTimeAsync(0);
    expect(b.serviceWorker.register).toHaveBeenCalledWith('/app/sw.js', { scope: '/app/' });
    expect(b.dataset.offlineReady).toBe('true');
    // Nobody presses "Reload" on a board: the waiting version takes over, and the page reloads when it has.
    expect(waiting.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
    expect(b.serviceWorker.addEventListener).toHaveBeenCalledWith('controllerchange', expect.any(Function), { once: true });
    await jest.advanceTimersByTimeAsync(UPDATE_CHECK_MS);
    expect(b.update).toHaveBeenCalledTimes(1);
  });
});
