// The standalone kiosk's new-version check (docs/airport-timings.md "Kiosks that heal themselves"), in node with a fake page.
import { servedRemote, watchKioskVersion, type KioskRemote } from './version';

const RUNNING: KioskRemote = { name: 'mf_airport', version: 'aaaaaaaaaaaa', entry: '/remotes/mf-airport/aaaaaaaaaaaa/mf-manifest.json' };
const NEXT: KioskRemote = { name: 'mf_airport', version: 'bbbbbbbbbbbb', entry: '/remotes/mf-airport/bbbbbbbbbbbb/mf-manifest.json' };

const answer = (status: number, body: unknown = {}) => ({ ok: status >= 200 && status < 300, status, json: async () => body }) as unknown as Response;

function fakePage(remotesText: string | null = null) {
  const dataset: Record<string, string> = {};
  Object.assign(globalThis, {
    document: {
      documentElement: { dataset },
      getElementById: (id: string) => (id === 'sawari-remotes' && remotesText !== null ? { textContent: remotesText } : null),
    },
    location: { search: '?version-check-s=3' },
  });
  return dataset;
}

describe('servedRemote', () => {
  const saved = { document: (globalThis as { document?: unknown }).document };
  afterEach(() => ((globalThis as { document?: unknown }).document = saved.document));

  it('reads the line of remotes.json the server inlined, and nothing else', () => {
    fakePage(JSON.stringify({ remotes: [{ ...RUNNING, prefixes: ['/airport-static-screens'] }] }));
    expect(servedRemote()).toEqual(RUNNING);
    for (const text of [null, 'not json', '{"remotes":[]}', '{"remotes":[{"name":"mf_airport"}]}']) {
      fakePage(text);
      expect(servedRemote()).toBeNull();
    }
  });
});

describe('watchKioskVersion', () => {
  const saved = { document: (globalThis as { document?: unknown }).document, location: (globalThis as { location?: unknown }).location };
  beforeEach(() => jest.useFakeTimers({ now: Date.UTC(2026, 10, 21, 4, 36, 30) }));
  afterEach(() => {
    jest.useRealTimers();
    Object.assign(globalThis, saved);
  });

  it('marks what runs, and does nothing while the deployed version is the same', async () => {
    const dataset = fakePage();
    const fetchImpl = jest.fn(async () => answer(200, { remotes: [RUNNING] }));
    const reload = jest.fn();
    const stop = watchKioskVersion(RUNNING, fetchImpl as unknown as typeof fetch, reload);
    expect(dataset.kioskVersion).toBe(RUNNING.version);
    await jest.advanceTimersByTimeAsync(2_999);
    expect(fetchImpl).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    expect(fetchImpl).toHaveBeenCalledWith('/app/remotes.json', { cache: 'no-store' });
    await jest.advanceTimersByTimeAsync(120_000);
    expect(reload).not.toHaveBeenCalled();
    expect(dataset.kioskUpdate).toBeUndefined();
    stop();
  });

  it('reloads into a new deployed version at the next quiet moment, once its manifest answers', async () => {
    const dataset = fakePage();
    let entryStatus = 503;
    const fetchImpl = jest.fn(async (url: string) => (url === '/app/remotes.json' ? answer(200, { remotes: [NEXT] }) : answer(entryStatus)));
    const reload = jest.fn();
    const stop = watchKioskVersion(RUNNING, fetchImpl as unknown as typeof fetch, reload);
    // 10:06:33 IST: the new entry does not answer yet; nothing is planned.
    await jest.advanceTimersByTimeAsync(3_000);
    expect(fetchImpl).toHaveBeenCalledWith(NEXT.entry, { cache: 'no-store' });
    expect(dataset.kioskUpdate).toBeUndefined();
    entryStatus = 200;
    // 10:06:36: it answers; the reload waits for 2 s after the next minute boundary (10:07:02).
    await jest.advanceTimersByTimeAsync(3_000);
    expect(dataset.kioskUpdate).toBe(NEXT.version);
    await jest.advanceTimersByTimeAsync(Date.UTC(2026, 10, 21, 4, 37, 2) - Date.now() - 1);
    expect(reload).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    expect(reload).toHaveBeenCalledTimes(1);
    stop();
  });

  it('keeps running when the check fails (server down, bad answer)', async () => {
    const dataset = fakePage();
    const fetchImpl = jest.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const reload = jest.fn();
    const stop = watchKioskVersion(RUNNING, fetchImpl as unknown as typeof fetch, reload);
    await jest.advanceTimersByTimeAsync(9_000);
    expect(fetchImpl).toHaveBeenCalledTimes(3);
    expect(reload).not.toHaveBeenCalled();
    expect(dataset.kioskUpdate).toBeUndefined();
    stop();
  });
});
