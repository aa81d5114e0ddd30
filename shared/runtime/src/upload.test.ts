// api.upload: multipart over XMLHttpRequest with upload progress, otherwise exactly like api.post (client.test.ts).
import { OFFLINE_MESSAGE, REQUEST_CANCELLED_SESSION_TIMEOUT } from '@sawari/domain';
import { navigateToUrl } from 'single-spa';
import { api, cancelAll } from './client';
import { resetServerClock, serverNow } from './clock';
import { deviceId, sessionAtom, SIGNED_OUT } from './session';
import { sawariStore } from './store';

jest.mock('single-spa', () => ({ navigateToUrl: jest.fn() }));

type Answer = { status: number; body?: string; headers?: Record<string, string> } | 'network-error' | 'hang';
type Sent = { method: string; url: string; headers: Record<string, string>; body: unknown };

/** A fake XMLHttpRequest: `answer` decides each reply; the upload reports progress in four steps before it. */
class FakeXhr {
  static sent: Sent[] = [];
  static answer: (sent: Sent) => Answer = () => ({ status: 200, body: '{}' });
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  statusText = '';
  responseText = '';
  private headersOut = '';
  private req: Sent = { method: '', url: '', headers: {}, body: undefined };
  private timers: ReturnType<typeof setTimeout>[] = [];
  open(method: string, url: string) {
    this.req = { method, url, headers: {}, body: undefined };
  }
  setRequestHeader(key: string, value: string) {
    this.req.headers[key] = value;
  }
  getAllResponseHeaders() {
    return this.headersOut;
  }
  send(body: unknown) {
    this.req.body = body;
    FakeXhr.sent.push(this.req);
    const answer = FakeXhr.answer(this.req);
    if (answer === 'hang') return;
    const total = 4000;
    [1000, 2000, 3000, 4000].forEach((loaded, i) =>
      this.timers.push(setTimeout(() => this.upload.onprogress?.({ lengthComputable: true, loaded, total }), i + 1)),
    );
    this.timers.push(
      setTimeout(() => {
        if (answer === 'network-error') return this.onerror?.();
        this.status = answer.status;
        this.statusText = answer.status === 200 ? 'OK' : 'Error';
        this.responseText = answer.body ?? '';
        this.headersOut = Object.entries({ 'content-type': 'application/json', ...answer.headers })
          .map(([k, v]) => `${k}: ${v}\r\n`)
          .join('');
        this.onload?.();
      }, 10),
    );
  }
  abort() {
    this.timers.forEach(clearTimeout);
    this.onabort?.();
  }
}

const realFetch = global.fetch;
let refreshes: unknown[];
beforeEach(() => {
  FakeXhr.sent = [];
  refreshes = [];
  (global as unknown as { XMLHttpRequest: unknown }).XMLHttpRequest = FakeXhr;
  sawariStore.set(sessionAtom, { phoneNumber: '9876543210', userId: 'u1', accessToken: 'access-2', refreshToken: 'refresh-2-aaaaaaaaaaaaaaaaaaaa' });
  // The refresh (and only it) goes through fetch.
  global.fetch = jest.fn(async (_url: RequestInfo | URL, init: RequestInit = {}) => {
    refreshes.push(JSON.parse(String(init.body)));
    return new Response(JSON.stringify({ accessToken: 'access-3', refreshToken: 'refresh-3-aaaaaaaaaaaaaaaaaaaa' }), { status: 200 });
  }) as unknown as typeof fetch;
  (navigateToUrl as jest.Mock).mockClear();
  resetServerClock();
});
afterEach(() => {
  global.fetch = realFetch;
});

const form = () => {
  const f = new FormData();
  f.append('file', new Blob([new Uint8Array([37, 80, 68, 70])], { type: 'application/pdf' }), 'id.pdf');
  return f;
};

describe('api.upload', () => {
  it('POSTs the form to /api<path> with the spec headers (no content-type), reports progress, answers the JSON body', async () => {
    FakeXhr.answer = () => ({ status: 201, body: '{"fileId":"f1"}', headers: { date: 'Sat, 21 Nov 2026 09:00:00 GMT' } });
    const progress: [number, number][] = [];
    const body = form();
    const answer = await api.upload<{ fileId: string }>('/passes/proofs', body, { onProgress: (loaded, total) => progress.push([loaded, total]) });
    expect(answer).toEqual({ fileId: 'f1' });
    expect(progress).toEqual([
      [1000, 4000],
      [2000, 4000],
      [3000, 4000],
      [4000, 4000],
    ]);
    const [sent] = FakeXhr.sent;
    expect([sent.method, sent.url, sent.body]).toEqual(['POST', '/api/passes/proofs', body]);
    expect(sent.headers).toEqual({
      accept: 'application/json',
      source: '1',
      accesstoken: 'access-2',
      authtype: 'ACCESS_TOKEN',
      userid: 'u1',
      deviceid: deviceId(),
      'x-type': 'pass',
    });
    // The server clock is learnt from the Date header, as for every other call.
    expect(Math.abs(serverNow() - Date.parse('Sat, 21 Nov 2026 09:00:00 GMT'))).toBeLessThan(2_000);
  });

  it('on a 401 refreshes once and retries with the new token (progress starts again)', async () => {
    FakeXhr.answer = (s) =>
      s.headers.accesstoken === 'access-3' ? { status: 200, body: '{"ok":true}' } : { status: 401, body: '{"code":"TOKEN_EXPIRED","message":"Expired."}' };
    const progress: number[] = [];
    await expect(api.upload('/passes/proofs', form(), { onProgress: (loaded) => progress.push(loaded) })).resolves.toEqual({ ok: true });
    expect(refreshes).toEqual([{ refreshToken: 'refresh-2-aaaaaaaaaaaaaaaaaaaa', userId: 'u1', deviceId: deviceId() }]);
    expect(FakeXhr.sent.map((s) => s.headers.accesstoken)).toEqual(['access-2', 'access-3']);
    expect(progress).toEqual([1000, 2000, 3000, 4000, 1000, 2000, 3000, 4000]);
    expect(sawariStore.get(sessionAtom).accessToken).toBe('access-3');
  });

  it('a failed refresh ends the session and rejects with REQUEST_CANCELLED_SESSION_TIMEOUT', async () => {
    FakeXhr.answer = () => ({ status: 401, body: '{"code":"TOKEN_EXPIRED","message":"Expired."}' });
    global.fetch = jest.fn(async () => new Response('{"code":"REFRESH_REUSED","message":"Sign in again."}', { status: 401 })) as unknown as typeof fetch;
    await expect(api.upload('/passes/proofs', form())).rejects.toMatchObject({ code: REQUEST_CANCELLED_SESSION_TIMEOUT });
    expect(FakeXhr.sent).toHaveLength(1);
    expect(sawariStore.get(sessionAtom)).toEqual(SIGNED_OUT);
    expect(navigateToUrl).toHaveBeenCalledWith('/app');
  });

  it("answers the server's {code, message} for an HTTP error, and NETWORK_ERROR when no answer came", async () => {
    FakeXhr.answer = () => ({ status: 413, body: '{"code":"FILE_TOO_LARGE","message":"Too large."}' });
    await expect(api.upload('/passes/proofs', form())).rejects.toMatchObject({
      name: 'ApiRequestError',
      status: 413,
      code: 'FILE_TOO_LARGE',
      message: 'Too large.',
    });
    FakeXhr.answer = () => ({ status: 502, body: '<html>bad gateway</html>' });
    await expect(api.upload('/passes/proofs', form())).rejects.toMatchObject({ status: 502, code: 'HTTP_502' });
    FakeXhr.answer = () => 'network-error';
    await expect(api.upload('/passes/proofs', form())).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR', message: OFFLINE_MESSAGE });
  });

  it("rejects with an AbortError on the caller's abort, and with the reason on cancelAll", async () => {
    FakeXhr.answer = () => 'hang';
    const controller = new AbortController();
    const mine = api.upload('/passes/proofs', form(), { signal: controller.signal }).catch((e: unknown) => e);
    await new Promise((r) => setTimeout(r, 5));
    controller.abort();
    expect(await mine).toMatchObject({ name: 'AbortError' });
    const before = new AbortController();
    before.abort();
    expect(await api.upload('/passes/proofs', form(), { signal: before.signal }).catch((e: unknown) => e)).toMatchObject({ name: 'AbortError' });
    const all = api.upload('/passes/proofs', form()).catch((e: unknown) => e);
    await new Promise((r) => setTimeout(r, 5));
    cancelAll();
    expect(await all).toMatchObject({ code: REQUEST_CANCELLED_SESSION_TIMEOUT, message: REQUEST_CANCELLED_SESSION_TIMEOUT });
  });
});
