// Two tabs of the app, each with its own module instances (its own store, session and client), sharing what tabs of one
// origin share: IndexedDB (fake-indexeddb), the BroadcastChannel and the Web Locks of the origin.
import 'fake-indexeddb/auto';

jest.mock('single-spa', () => ({ navigateToUrl: jest.fn() }));

type Tab = {
  client: typeof import('./client');
  session: typeof import('./session');
  store: typeof import('./store');
};

function openTab(): Tab {
  let tab!: Tab;
  jest.isolateModules(() => {
    tab = { client: require('./client'), session: require('./session'), store: require('./store') };
  });
  return tab;
}

/** The origin's Web Locks: exclusive, granted in request order (as navigator.locks.request with the default mode). */
function webLocks() {
  const tails = new Map<string, Promise<unknown>>();
  const requested: string[] = [];
  const locks = {
    request<T>(name: string, fn: () => Promise<T>): Promise<T> {
      requested.push(name);
      const before = tails.get(name) ?? Promise.resolve();
      const run = before.then(fn, fn);
      tails.set(
        name,
        run.catch(() => undefined),
      );
      return run;
    },
  };
  return { locks, requested };
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * A strict server: the access token 'access-1' has expired; refresh-1 rotates once to the pair (access-2, refresh-2),
 * and any second use of refresh-1 is taken for a replay (401 REFRESH_REUSED, no grace), so a client that sends one
 * refresh token twice loses its session here.
 */
function strictServer() {
  const server = { access: '(none valid before a refresh)', refresh: 'refresh-1-aaaaaaaaaaaaaaaaaaaaa', used: new Set<string>(), refreshCalls: 0, apiCalls: 0 };
  global.fetch = jest.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    await new Promise((r) => setTimeout(r, 10));
    if (url.endsWith('/auth/refresh')) {
      server.refreshCalls += 1;
      const { refreshToken } = JSON.parse(String(init.body)) as { refreshToken: string };
      if (server.used.has(refreshToken)) return json(401, { code: 'REFRESH_REUSED', message: 'Sign in again.' });
      if (refreshToken !== server.refresh) return json(401, { code: 'REFRESH_INVALID', message: 'Sign in again.' });
      server.used.add(refreshToken);
      server.access = `access-${server.refreshCalls + 1}`;
      server.refresh = `refresh-${server.refreshCalls + 1}-aaaaaaaaaaaaaaaaaaaaa`;
      return json(200, { accessToken: server.access, refreshToken: server.refresh });
    }
    server.apiCalls += 1;
    const token = new Headers(init.headers).get('accesstoken');
    return token === server.access ? json(200, { ok: true, token }) : json(401, { code: 'TOKEN_EXPIRED', message: 'Expired.' });
  }) as unknown as typeof fetch;
  return server;
}

const SIGNED_IN = { phoneNumber: '9876543210', userId: 'u1', accessToken: 'access-1-expired', refreshToken: 'refresh-1-aaaaaaaaaaaaaaaaaaaaa' };
const realFetch = global.fetch;
const nav = globalThis as { navigator?: unknown };
const hadNavigator = 'navigator' in nav;
const realNavigator = nav.navigator;

async function twoSignedInTabs(): Promise<[Tab, Tab]> {
  const a = openTab();
  const b = openTab();
  await a.session.setSession(SIGNED_IN); // stored in IndexedDB, as after a sign-in
  await Promise.all([a.session.loadSession(), b.session.loadSession()]);
  expect(b.store.sawariStore.get(b.session.sessionAtom).accessToken).toBe('access-1-expired');
  return [a, b];
}

afterEach(async () => {
  global.fetch = realFetch;
  if (hadNavigator) Object.defineProperty(globalThis, 'navigator', { value: realNavigator, configurable: true, writable: true });
  else delete nav.navigator;
  // Forget the stored session between tests (a fresh origin).
  const { clear, createStore } = await import('idb-keyval');
  await clear(createStore('sawari-session', 'session'));
});

describe('the session client across tabs', () => {
  it('two tabs hitting an expired token at once refresh ONCE (Web Locks); both retry with the new token, nobody is signed out', async () => {
    const { locks, requested } = webLocks();
    Object.defineProperty(globalThis, 'navigator', { value: { locks }, configurable: true, writable: true });
    const server = strictServer();
    const [a, b] = await twoSignedInTabs();

    // Each tab sends three requests together: six 401s in two tabs.
    const answers = await Promise.all([a, b, a, b, a, b].map((tab, i) => tab.client.api.get<{ token: string }>(`/thing/${i}`)));

    expect(server.refreshCalls).toBe(1);
    expect(answers.map((x) => x.token)).toEqual(Array(6).fill('access-2'));
    expect(requested).toEqual(['sawari-session-refresh', 'sawari-session-refresh']); // one per tab, not per request
    for (const tab of [a, b]) {
      expect(tab.store.sawariStore.get(tab.session.sessionAtom)).toEqual({
        ...SIGNED_IN,
        accessToken: 'access-2',
        refreshToken: 'refresh-2-aaaaaaaaaaaaaaaaaaaaa',
      });
      expect(tab.store.sawariStore.get(tab.session.logoutAtom)).toBeNull();
    }
    expect(await a.session.readStoredSession()).toMatchObject({ accessToken: 'access-2' });
  });

  it('a tab that waited for the lock while the other refreshed takes the stored tokens without calling the server', async () => {
    const { locks } = webLocks();
    Object.defineProperty(globalThis, 'navigator', { value: { locks }, configurable: true, writable: true });
    const server = strictServer();
    const [a, b] = await twoSignedInTabs();
    await a.client.api.get('/first');
    expect(server.refreshCalls).toBe(1);
    // Tab B still holds the old token (as if the other tab's message had not reached it yet).
    b.store.sawariStore.set(b.session.sessionAtom, SIGNED_IN);
    const answer = await b.client.api.get<{ token: string }>('/second');
    expect(answer.token).toBe('access-2');
    expect(server.refreshCalls).toBe(1);
  });

  it('a stored session with the same refresh token is not taken for a rotation: the tab refreshes, and a refusal ends the session', async () => {
    const { locks } = webLocks();
    Object.defineProperty(globalThis, 'navigator', { value: { locks }, configurable: true, writable: true });
    const server = strictServer();
    server.used.add(SIGNED_IN.refreshToken); // the family was ended elsewhere (a replay after the grace)
    const [, b] = await twoSignedInTabs();
    b.store.sawariStore.set(b.session.sessionAtom, { ...SIGNED_IN, accessToken: 'not-a-valid-token' });
    await expect(b.client.api.get('/x')).rejects.toMatchObject({ code: 'REQUEST_CANCELLED_SESSION_TIMEOUT' });
    expect(server.refreshCalls).toBe(1);
    expect(b.store.sawariStore.get(b.session.sessionAtom).accessToken).toBeNull();
    expect(b.store.sawariStore.get(b.session.logoutAtom)).toMatchObject({ reason: 'expired' });
  });
});
