import { REQUEST_CANCELLED_SESSION_TIMEOUT, OFFLINE_MESSAGE } from '@sawari/domain';
import { navigateToUrl } from 'single-spa';
import { api, cancelAll, sessionFetch } from './client';
import { handleApiError, noticeAtom } from './notices';
import { deviceId, logoutAtom, sessionAtom, SESSION_CHANNEL, SIGNED_OUT } from './session';
import { sawariStore } from './store';

jest.mock('single-spa', () => ({ navigateToUrl: jest.fn() }));

type Call = { url: string; method: string; headers: Headers; body: unknown };

/**
 * A fake server: answers 200 to a request carrying the current access token, 401 to any other token, and rotates the
 * tokens on a refresh with the current refresh token (anything else: 401, as reuse detection does).
 */
function fakeServer() {
  const server = { accessToken: 'access-2', refreshToken: 'refresh-2-aaaaaaaaaaaaaaaaaaaa', calls: [] as Call[], refreshFails: false, hang: false };
  global.fetch = jest.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const headers = new Headers(init.headers);
    server.calls.push({ url, method: init.method ?? 'GET', headers, body: init.body });
    await new Promise((resolve, reject) => {
      if (server.hang) init.signal?.addEventListener('abort', () => reject(init.signal?.reason ?? new DOMException('aborted', 'AbortError')));
      else setTimeout(resolve, url.includes('slow') ? 60 : 5);
    });
    if (url === '/api/auth/refresh') {
      const body = JSON.parse(String(init.body));
      if (server.refreshFails || body.refreshToken !== server.refreshToken) return json(401, { code: 'REFRESH_REUSED', message: 'Sign in again.' });
      server.accessToken = 'access-3';
      server.refreshToken = 'refresh-3-aaaaaaaaaaaaaaaaaaaa';
      return json(200, { accessToken: server.accessToken, refreshToken: server.refreshToken });
    }
    const token = headers.get('accesstoken');
    if (token !== null && token !== server.accessToken) return json(401, { code: 'TOKEN_EXPIRED', message: 'The access token has expired.' });
    return json(200, { path: url });
  }) as unknown as typeof fetch;
  return server;
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const refreshCalls = (server: { calls: Call[] }) => server.calls.filter((c) => c.url === '/api/auth/refresh');
const signIn = (accessToken = 'access-2', refreshToken = 'refresh-2-aaaaaaaaaaaaaaaaaaaa') =>
  sawariStore.set(sessionAtom, { phoneNumber: '9876543210', userId: 'u1', accessToken, refreshToken });

const realFetch = global.fetch;
let tabs: BroadcastChannel;
let tabMessages: unknown[];
beforeEach(() => {
  sawariStore.set(sessionAtom, SIGNED_OUT);
  sawariStore.set(noticeAtom, null);
  sawariStore.set(logoutAtom, null);
  (navigateToUrl as jest.Mock).mockClear();
  tabMessages = [];
  tabs = new BroadcastChannel(SESSION_CHANNEL);
  tabs.onmessage = (e: MessageEvent) => tabMessages.push(e.data);
});
afterEach(() => {
  tabs.close();
  global.fetch = realFetch;
});
const settle = () => new Promise((r) => setTimeout(r, 20));

describe('headers (spec §6, §7)', () => {
  it('sends the default headers and, when signed in, the token headers and x-type on GET', async () => {
    const server = fakeServer();
    signIn();
    await api.get('/profile', { params: { a: 1, b: undefined, c: ['x', 'y'] }, extraHeaders: { userId: 'u1' } });
    const { url, headers } = server.calls[0];
    expect(url).toBe('/api/profile?a=1&c=x&c=y');
    expect(Object.fromEntries(headers)).toEqual({
      accept: 'application/json',
      'content-type': 'application/json',
      source: '1',
      accesstoken: 'access-2',
      authtype: 'ACCESS_TOKEN',
      userid: 'u1',
      deviceid: deviceId(),
      'x-type': 'pass',
    });
  });

  it('skips x-type or all token headers on request, never sends x-type on DELETE, sends no tokens when signed out', async () => {
    const server = fakeServer();
    signIn();
    await api.get('/a', { skipXType: true });
    await api.post('/b', { x: 1 }, { skipXPass: true });
    await api.get('/c', { skipTokenHeaders: true });
    await api.delete('/d');
    await api.put('/e', { x: 1 });
    sawariStore.set(sessionAtom, SIGNED_OUT);
    await api.post('/f', { x: 1 });
    const [a, b, c, d, e, f] = server.calls.map((call) => call.headers);
    expect(a.get('x-type')).toBeNull();
    expect(a.get('accesstoken')).toBe('access-2');
    expect(b.get('x-type')).toBeNull();
    expect(c.get('accesstoken')).toBeNull();
    expect(c.get('x-type')).toBeNull();
    expect(d.get('x-type')).toBeNull();
    expect(d.get('authtype')).toBe('ACCESS_TOKEN');
    expect(e.get('x-type')).toBe('pass');
    expect([f.get('accesstoken'), f.get('authtype'), f.get('userid'), f.get('deviceid'), f.get('x-type')]).toEqual([null, null, null, null, null]);
  });

  it('sends JSON bodies, adds source on request, and sends multipart with no content-type', async () => {
    const server = fakeServer();
    signIn();
    await api.post('/orders', { fare: 10 }, { addSource: true });
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' }), 'me.png');
    await api.post('/files/profile-image', form, { multipart: true });
    expect(server.calls[0].body).toBe('{"fare":10,"source":1}');
    const upload = server.calls[1];
    expect(upload.body).toBe(form);
    expect(upload.headers.get('content-type')).toBeNull();
    expect(upload.headers.get('accept')).toBe('application/json');
    expect(upload.headers.get('x-type')).toBe('pass');
  });

  it('sends no JSON content-type with a body-less DELETE, POST or PUT (a server refuses empty JSON), but keeps it on GET', async () => {
    const server = fakeServer();
    signIn();
    await api.delete('/favourites/f1');
    await api.post('/auth/logout');
    await api.put('/things/t1');
    await api.get('/favourites');
    const [del, post, put, get] = server.calls;
    expect([del.method, del.body, del.headers.get('content-type')]).toEqual(['DELETE', undefined, null]);
    expect([post.method, post.body, post.headers.get('content-type')]).toEqual(['POST', undefined, null]);
    expect([put.method, put.body, put.headers.get('content-type')]).toEqual(['PUT', undefined, null]);
    expect(get.headers.get('content-type')).toBe('application/json');
    expect(del.headers.get('accept')).toBe('application/json');
  });

  it('keeps one device id: 32 hex digits', () => {
    expect(deviceId()).toMatch(/^[0-9a-f]{32}$/);
    expect(deviceId()).toBe(deviceId());
  });
});

describe('401: refresh once, retry once (spec §4)', () => {
  it('N concurrent 401s cause exactly one refresh call and N retries with the new token', async () => {
    const server = fakeServer();
    signIn('access-1'); // stale: the server only knows access-2...
    server.accessToken = 'access-1-expired-on-server';
    const N = 5;
    const answers = await Promise.all(Array.from({ length: N }, (_, i) => api.get<{ path: string }>(`/r${i}`)));
    expect(answers.map((a) => a.path)).toEqual(Array.from({ length: N }, (_, i) => `/api/r${i}`));
    const refreshes = refreshCalls(server);
    expect(refreshes).toHaveLength(1);
    expect(JSON.parse(String(refreshes[0].body))).toEqual({ refreshToken: 'refresh-2-aaaaaaaaaaaaaaaaaaaa', userId: 'u1', deviceId: deviceId() });
    expect(refreshes[0].headers.get('accesstoken')).toBeNull();
    const retries = server.calls.filter((c) => c.headers.get('accesstoken') === 'access-3');
    expect(retries).toHaveLength(N);
    expect(server.calls).toHaveLength(2 * N + 1);
    expect(sawariStore.get(sessionAtom)).toEqual({
      phoneNumber: '9876543210',
      userId: 'u1',
      accessToken: 'access-3',
      refreshToken: 'refresh-3-aaaaaaaaaaaaaaaaaaaa',
    });
    await settle();
    expect(tabMessages).toEqual([{ type: 'session', session: sawariStore.get(sessionAtom) }]);
    expect(navigateToUrl).not.toHaveBeenCalled();
  });

  it('a failed refresh logs out once: clears the session, broadcasts, says Session expired, goes to /app; requests stay silent', async () => {
    const server = fakeServer();
    server.refreshFails = true;
    signIn('access-1');
    let logouts = 0;
    const unsubscribe = sawariStore.sub(logoutAtom, () => logouts++);
    const errors = await Promise.all(Array.from({ length: 4 }, (_, i) => api.get(`/r${i}`).catch((e: unknown) => e)));
    unsubscribe();
    expect(refreshCalls(server)).toHaveLength(1);
    expect(server.calls).toHaveLength(5); // no retries
    for (const err of errors) expect(err).toMatchObject({ code: REQUEST_CANCELLED_SESSION_TIMEOUT, message: REQUEST_CANCELLED_SESSION_TIMEOUT });
    expect(sawariStore.get(sessionAtom)).toEqual(SIGNED_OUT);
    expect(logouts).toBe(1);
    expect(sawariStore.get(logoutAtom)).toMatchObject({ reason: 'expired' });
    expect(navigateToUrl).toHaveBeenCalledTimes(1);
    expect(navigateToUrl).toHaveBeenCalledWith('/app');
    expect(sawariStore.get(noticeAtom)).toMatchObject({ kind: 'session-expired' });
    const shown = sawariStore.get(noticeAtom);
    errors.forEach((err) => handleApiError(err));
    expect(sawariStore.get(noticeAtom)).toBe(shown);
    await settle();
    expect(tabMessages).toEqual([{ type: 'logout', reason: 'expired' }]);
  });

  it('a 401 that arrives after another request already refreshed retries without a second refresh', async () => {
    const server = fakeServer();
    signIn('access-1');
    const [slow, fast] = await Promise.all([api.get<{ path: string }>('/slow'), api.get<{ path: string }>('/fast')]);
    expect([slow.path, fast.path]).toEqual(['/api/slow', '/api/fast']);
    expect(refreshCalls(server)).toHaveLength(1);
    expect(server.calls.filter((c) => c.url === '/api/slow').map((c) => c.headers.get('accesstoken'))).toEqual(['access-1', 'access-3']);
  });

  it('does not refresh for a 401 on a request sent without a token (a wrong sign-in)', async () => {
    const fn = jest.fn(async () => json(401, { code: 'OTP_INVALID', message: 'Wrong code.' }));
    global.fetch = fn as unknown as typeof fetch;
    await expect(api.post('/auth/login', { otp: '123456' })).rejects.toMatchObject({ status: 401, code: 'OTP_INVALID' });
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('keeps the session when the refresh cannot reach the server', async () => {
    signIn('access-1');
    global.fetch = jest.fn(async (input: RequestInfo | URL) => {
      if (String(input) === '/api/auth/refresh') throw new TypeError('Failed to fetch');
      return json(401, { code: 'TOKEN_EXPIRED', message: 'expired' });
    }) as unknown as typeof fetch;
    await expect(api.get('/x')).rejects.toMatchObject({ code: 'NETWORK_ERROR', message: OFFLINE_MESSAGE });
    expect(sawariStore.get(sessionAtom).accessToken).toBe('access-1');
    expect(navigateToUrl).not.toHaveBeenCalled();
  });
});

describe('cancelAll and errors (spec §7, §8)', () => {
  it('cancels every request in flight with REQUEST_CANCELLED_SESSION_TIMEOUT, and such errors show nothing', async () => {
    const server = fakeServer();
    server.hang = true;
    signIn();
    const pending = [api.get('/a'), api.post('/b', {}), sessionFetch('/api/c')].map((p) => p.catch((e: unknown) => e));
    await settle();
    cancelAll();
    const errors = await Promise.all(pending);
    for (const err of errors) expect(err).toMatchObject({ code: REQUEST_CANCELLED_SESSION_TIMEOUT, message: REQUEST_CANCELLED_SESSION_TIMEOUT });
    errors.forEach((err) => handleApiError(err));
    expect(sawariStore.get(noticeAtom)).toBeNull();
  });

  it("lets the caller's own abort through as an AbortError", async () => {
    const server = fakeServer();
    server.hang = true;
    const controller = new AbortController();
    const pending = api.get('/a', { signal: controller.signal }).catch((e: unknown) => e);
    await settle();
    controller.abort();
    expect(await pending).toMatchObject({ name: 'AbortError' });
  });

  it('maps a failed call to the offline snackbar, a message snackbar, or profile creation', async () => {
    global.fetch = jest.fn(async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    handleApiError(await api.get('/x').catch((e: unknown) => e));
    expect(sawariStore.get(noticeAtom)).toMatchObject({ kind: 'offline', message: OFFLINE_MESSAGE, button: 'okay' });
    handleApiError({ code: 'X', message: 'Network Error' });
    expect(sawariStore.get(noticeAtom)).toMatchObject({ kind: 'offline', message: OFFLINE_MESSAGE, button: 'okay' });
    handleApiError({ code: 'DIGITAL_OFFER_ALREADY_AVAILED', message: 'You already used this offer.' }, 'See offers');
    expect(sawariStore.get(noticeAtom)).toMatchObject({ kind: 'message', message: 'You already used this offer.', button: 'See offers' });
    handleApiError({ code: 'USER_DOES_NOT_EXIST', message: 'No profile yet.' });
    expect(navigateToUrl).toHaveBeenCalledWith('/app/profile/edit-profile');
  });

  it('sessionFetch is a fetch a GraphQL client can use: it answers the Response', async () => {
    fakeServer();
    signIn();
    const res = await sessionFetch('/api/graphql', { method: 'POST', body: JSON.stringify({ query: '{ a }' }) });
    expect(res).toBeInstanceOf(Response);
    expect(await res.json()).toEqual({ path: '/api/graphql' });
  });
});
