import { apiFetch, ApiRequestError, OFFLINE_MESSAGE } from './api';
import { resetServerClock, serverNow } from './clock';

const realFetch = global.fetch;
afterEach(() => {
  global.fetch = realFetch;
  resetServerClock();
});

function answer(status: number, body: string, headers: Record<string, string> = {}) {
  const fn = jest.fn(async (_url: string, _init?: RequestInit) => new Response(body || null, { status, headers }));
  global.fetch = fn as unknown as typeof fetch;
  return fn;
}

describe('apiFetch', () => {
  it('calls /api<path> with the default headers and sends objects as JSON', async () => {
    const fn = answer(200, '{"ok":true}');
    await expect(apiFetch('/x', { method: 'POST', body: { a: 1 }, headers: { authorization: 'Kiosk k' } })).resolves.toEqual({ ok: true });
    const [url, init] = fn.mock.calls[0];
    expect(url).toBe('/api/x');
    const headers = init?.headers as Headers;
    expect(headers.get('accept')).toBe('application/json');
    expect(headers.get('content-type')).toBe('application/json');
    expect(headers.get('source')).toBe('1');
    expect(headers.get('authorization')).toBe('Kiosk k');
    expect(init?.body).toBe('{"a":1}');
  });

  it('answers undefined for an empty body', async () => {
    answer(204, '');
    await expect(apiFetch('/x')).resolves.toBeUndefined();
  });

  it('turns an error answer into ApiRequestError with the server code and message', async () => {
    answer(404, '{"code":"BOARD_NOT_FOUND","message":"No such board."}');
    const err = await apiFetch('/x').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiRequestError);
    expect(err).toMatchObject({ status: 404, code: 'BOARD_NOT_FOUND', message: 'No such board.' });
  });

  it('gives a generic code when the error body is not the {code,message} shape', async () => {
    answer(502, '<html>bad gateway</html>');
    await expect(apiFetch('/x')).rejects.toMatchObject({ status: 502, code: 'HTTP_502' });
  });

  it('maps a network failure to NETWORK_ERROR with the offline message', async () => {
    global.fetch = jest.fn(async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    await expect(apiFetch('/x')).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR', message: OFFLINE_MESSAGE });
  });

  it('lets an abort through unchanged', async () => {
    global.fetch = jest.fn(async () => {
      throw new DOMException('aborted', 'AbortError');
    }) as unknown as typeof fetch;
    await expect(apiFetch('/x')).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('learns the server clock from the Date header', async () => {
    const serverMs = Date.now() + 3_600_000;
    answer(200, '{}', { date: new Date(serverMs).toUTCString() });
    await apiFetch('/x');
    expect(Math.abs(serverNow() - serverMs)).toBeLessThan(2_000);
  });
});
