// The session-refresh client (spec §4 Session, §6 headers, §7 wrapper, §8 errors). sessionFetch is a drop-in fetch
// (a GraphQL client can take it as its `fetch`); `api` is the spec §7 wrapper on top of it. `api.upload` runs the same
// session handling over XMLHttpRequest (xhrSend) to report upload progress.
import { navigateToUrl } from 'single-spa';
import { REQUEST_CANCELLED_SESSION_TIMEOUT } from '@sawari/domain';
import { API_BASE, ApiRequestError, DEFAULT_HEADERS, errorFrom, networkError, readAnswer, type ResponseType } from './api';
import { BASE_PATH } from './paths';
import { sawariStore } from './store';
import { deviceId, endSession, loadSession, readStoredSession, sessionAtom, setSession, type Session } from './session';
import { showNotice } from './notices';

export type SessionInit = RequestInit & {
  /** Send no accessToken/authType/userId/deviceId (and so no x-type) even when signed in. */
  skipTokenHeaders?: boolean;
  /** Authenticated GET/POST/PUT carry `x-type: pass` unless this is set. */
  skipXType?: boolean;
};

const cancelledError = (reason: string) => new ApiRequestError(0, reason, reason);

/** Requests in flight, each with the controller cancelAll aborts. */
const inFlight = new Set<AbortController>();
const cancelReasons = new WeakMap<AbortController, string>();

/** Cancels every request in flight; each rejects with `reason` as code and message (spec §8: shown nowhere). */
export function cancelAll(reason: string = REQUEST_CANCELLED_SESSION_TIMEOUT): void {
  for (const controller of inFlight) {
    cancelReasons.set(controller, reason);
    controller.abort(reason);
  }
  inFlight.clear();
}

function headersFor(method: string, init: SessionInit, session: Session): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(DEFAULT_HEADERS)) headers.set(key, value);
  new Headers(init.headers).forEach((value, key) => headers.set(key, value));
  // Multipart: the browser writes content-type itself, with the boundary.
  if (typeof FormData !== 'undefined' && init.body instanceof FormData) headers.delete('content-type');
  // A DELETE (or POST/PUT) without a body sends no content-type: the server refuses an empty JSON body (400).
  if (method !== 'GET' && method !== 'HEAD' && (init.body === undefined || init.body === null)) headers.delete('content-type');
  if (session.accessToken && !init.skipTokenHeaders) {
    headers.set('accessToken', session.accessToken);
    headers.set('authType', 'ACCESS_TOKEN');
    headers.set('userId', session.userId ?? '');
    headers.set('deviceId', deviceId());
    if (!init.skipXType && (method === 'GET' || method === 'POST' || method === 'PUT')) headers.set('x-type', 'pass');
  }
  return headers;
}

let refreshing: Promise<boolean> | null = null;

/**
 * Answers whether there is a fresh token to retry with. All 401s of one token share ONE refresh call; a 401 that
 * arrives after another request already refreshed just retries.
 */
function refreshOnce(staleToken: string): Promise<boolean> {
  const current = sawariStore.get(sessionAtom).accessToken;
  if (!current) return Promise.resolve(false);
  if (current !== staleToken) return Promise.resolve(true);
  refreshing ??= acrossTabs(REFRESH_LOCK, () => refresh(staleToken)).finally(() => (refreshing = null));
  return refreshing;
}

/** The Web Lock every tab of the app takes to refresh: one tab refreshes, the others wait and take its tokens. */
export const REFRESH_LOCK = 'sawari-session-refresh';

/**
 * Runs `fn` holding the named Web Lock, so tabs of this origin run it one at a time. Without Web Locks (an old
 * browser, a page that is not a secure context) it runs at once: each tab then refreshes on its own, and the server's
 * reuse grace (docs/accounts.md) keeps two refreshes of one token from signing the rider out.
 */
async function acrossTabs<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : (navigator as Navigator & { locks?: LockManager }).locks;
  return locks ? await locks.request(name, fn) : fn();
}

async function refresh(staleToken: string): Promise<boolean> {
  // Another tab may have refreshed while this one waited for the lock: what it stored (before it let the lock go) is
  // the live session. Take it rather than send the used refresh token again.
  const stored = await readStoredSession();
  const here = sawariStore.get(sessionAtom);
  // Only a rotation counts (the stored refresh token is not the one held here): tokens that are merely different are
  // not known to be live, so this tab then asks the server itself.
  if (stored && stored.userId === here.userId && stored.refreshToken !== here.refreshToken && stored.accessToken !== staleToken) {
    if (stored.accessToken !== here.accessToken) sawariStore.set(sessionAtom, stored);
    return true;
  }
  if (here.accessToken && here.accessToken !== staleToken) return true; // its message came first
  if (!here.accessToken) return false; // signed out meanwhile (here or in another tab)
  const session = here;
  let res: Response | null = null;
  if (session.refreshToken && session.userId) {
    try {
      res = await fetch(`${API_BASE}/auth/refresh`, {
        method: 'POST',
        headers: DEFAULT_HEADERS,
        body: JSON.stringify({ refreshToken: session.refreshToken, userId: session.userId, deviceId: deviceId() }),
      });
    } catch {
      throw networkError(); // offline is not an expired session: keep it
    }
    if (res.status >= 500) throw await errorFrom(res);
  }
  const tokens = res?.ok ? ((await res.json().catch(() => null)) as { accessToken?: unknown; refreshToken?: unknown } | null) : null;
  if (typeof tokens?.accessToken === 'string' && typeof tokens.refreshToken === 'string') {
    // Stored before the lock is let go, so a tab waiting for it finds the new tokens.
    await setSession({ ...session, accessToken: tokens.accessToken, refreshToken: tokens.refreshToken });
    return true;
  }
  expireSession();
  return false;
}

/** Spec §4: clear the session everywhere, cancel what is in flight, say "Session expired", go to /app. */
function expireSession(): void {
  void endSession('expired');
  cancelAll(REQUEST_CANCELLED_SESSION_TIMEOUT);
  showNotice({ kind: 'session-expired' });
  navigateToUrl(BASE_PATH);
}

/**
 * fetch with the spec's headers and session handling: token headers when signed in, and on a 401 one shared refresh
 * followed by one retry. A request cancelled by cancelAll (or by a failed refresh) rejects with an ApiRequestError whose
 * message is the cancel reason. Network failures and the caller's own abort reject as fetch does.
 */
export function sessionFetch(input: RequestInfo | URL, init: SessionInit = {}): Promise<Response> {
  return sessionSend(input, init, fetch);
}

type Transport = (input: RequestInfo | URL, init: RequestInit) => Promise<Response>;

/** sessionFetch over any transport (fetch, or xhrSend for an upload with progress). */
async function sessionSend(input: RequestInfo | URL, init: SessionInit, transport: Transport): Promise<Response> {
  const controller = new AbortController();
  const stopFollowing = follow(init.signal, controller);
  inFlight.add(controller);
  const method = (init.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
  const send = (session: Session) => {
    const { skipTokenHeaders: _s, skipXType: _x, ...rest } = init;
    const request = input instanceof Request ? input.clone() : input;
    return transport(request, { ...rest, method, headers: headersFor(method, init, session), signal: controller.signal });
  };
  try {
    await loadSession();
    const sentWith = sawariStore.get(sessionAtom);
    const res = await send(sentWith);
    if (res.status !== 401 || init.skipTokenHeaders || !sentWith.accessToken) return res;
    const refreshed = await refreshOnce(sentWith.accessToken);
    if (controller.signal.aborted) throw controller.signal.reason;
    if (!refreshed) throw cancelledError(REQUEST_CANCELLED_SESSION_TIMEOUT);
    return await send(sawariStore.get(sessionAtom));
  } catch (err) {
    const reason = cancelReasons.get(controller);
    throw reason ? cancelledError(reason) : err;
  } finally {
    stopFollowing();
    inFlight.delete(controller);
  }
}

/**
 * A fetch-shaped transport on XMLHttpRequest, which (unlike fetch) reports upload progress. Answers a real Response
 * (status, headers, body text) so the answer is read exactly as fetch's; rejects with a TypeError when no answer came
 * and with the signal's reason when aborted, as fetch does.
 */
function xhrSend(url: string, init: RequestInit, onProgress?: (loaded: number, total: number) => void): Promise<Response> {
  return new Promise((resolve, reject) => {
    const signal = init.signal;
    if (signal?.aborted) return reject(signal.reason);
    const xhr = new XMLHttpRequest();
    const abort = () => xhr.abort();
    const done = () => signal?.removeEventListener('abort', abort);
    xhr.open(init.method ?? 'POST', url);
    new Headers(init.headers).forEach((value, key) => xhr.setRequestHeader(key, value));
    if (onProgress) xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded, e.total);
    xhr.onload = () => {
      done();
      const headers = new Headers();
      for (const line of xhr.getAllResponseHeaders().split(/\r?\n/)) {
        const at = line.indexOf(':');
        if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
      }
      const empty = xhr.status === 204 || xhr.status === 205 || xhr.status === 304;
      resolve(new Response(empty ? null : xhr.responseText, { status: xhr.status, statusText: xhr.statusText, headers }));
    };
    xhr.onerror = xhr.ontimeout = () => {
      done();
      reject(new TypeError('Network request failed'));
    };
    xhr.onabort = () => {
      done();
      reject(signal?.reason ?? new DOMException('The upload was aborted.', 'AbortError'));
    };
    signal?.addEventListener('abort', abort);
    xhr.send(init.body as XMLHttpRequestBodyInit | null);
  });
}

/** Aborts `controller` when the caller's signal aborts; answers a function that stops listening. */
function follow(signal: AbortSignal | null | undefined, controller: AbortController): () => void {
  if (!signal) return () => undefined;
  const abort = () => controller.abort(signal.reason);
  if (signal.aborted) abort();
  signal.addEventListener('abort', abort);
  return () => signal.removeEventListener('abort', abort);
}

type Params = Record<string, string | number | boolean | null | undefined | readonly (string | number | boolean)[]>;
type Common = { extraHeaders?: Record<string, string>; signal?: AbortSignal };
export type GetOptions = Common & { params?: Params; responseType?: ResponseType; skipTokenHeaders?: boolean; skipXType?: boolean };
export type SendOptions = Common & {
  /** The body is FormData, sent as multipart (no content-type header: the browser adds it with the boundary). */
  multipart?: boolean;
  /** Adds `source: 1` to the body, as the pass-order payload carries it (spec §3). */
  addSource?: boolean;
  skipXPass?: boolean;
  skipTokenHeaders?: boolean;
};

function withQuery(path: string, params?: Params): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value === undefined || value === null) continue;
    for (const v of Array.isArray(value) ? value : [value]) query.append(key, String(v));
  }
  const qs = query.toString();
  return API_BASE + path + (qs ? (path.includes('?') ? '&' : '?') + qs : '');
}

function encode(body: unknown, { multipart, addSource }: SendOptions): BodyInit | undefined {
  if (multipart) {
    const form = body as FormData;
    if (addSource) form.set('source', '1');
    return form;
  }
  if (body === undefined) return undefined;
  return JSON.stringify(addSource ? { ...(body as object), source: 1 } : body);
}

async function call<T>(method: string, path: string, init: SessionInit, responseType?: ResponseType, transport: Transport = fetch): Promise<T> {
  let res: Response;
  try {
    res = await sessionSend(path, { ...init, method }, transport);
  } catch (err) {
    if (err instanceof ApiRequestError || (err as { name?: string })?.name === 'AbortError') throw err;
    throw networkError();
  }
  return readAnswer<T>(res, responseType);
}

const sendWith =
  (method: 'POST' | 'PUT') =>
  <T = unknown>(path: string, body?: unknown, o: SendOptions = {}): Promise<T> =>
    call<T>(method, withQuery(path), {
      body: encode(body, o),
      headers: o.extraHeaders,
      signal: o.signal,
      skipXType: o.skipXPass,
      skipTokenHeaders: o.skipTokenHeaders,
    });

export type UploadOptions = Omit<SendOptions, 'multipart'> & {
  /** Bytes of the body sent so far and in all; called as the browser sends it (again from 0 on a retry after a 401). */
  onProgress?: (loaded: number, total: number) => void;
};

/**
 * The spec §7 wrapper: paths are below /api; answers the parsed body or rejects with an ApiRequestError.
 * `upload(path, formData, { onProgress, signal })` POSTs multipart over XMLHttpRequest so that it can report upload
 * progress; everything else is as for `post`: headers, the 401 refresh and retry, errors, cancelAll, the Date header.
 */
export const api = {
  get: <T = unknown>(path: string, o: GetOptions = {}): Promise<T> =>
    call<T>(
      'GET',
      withQuery(path, o.params),
      { headers: o.extraHeaders, signal: o.signal, skipTokenHeaders: o.skipTokenHeaders, skipXType: o.skipXType },
      o.responseType,
    ),
  post: sendWith('POST'),
  put: sendWith('PUT'),
  upload: <T = unknown>(path: string, form: FormData, o: UploadOptions = {}): Promise<T> =>
    call<T>(
      'POST',
      withQuery(path),
      {
        body: encode(form, { ...o, multipart: true }),
        headers: o.extraHeaders,
        signal: o.signal,
        skipXType: o.skipXPass,
        skipTokenHeaders: o.skipTokenHeaders,
      },
      'json',
      (input, init) => xhrSend(String(input), init, o.onProgress),
    ),
  delete: <T = unknown>(path: string, o: GetOptions = {}): Promise<T> =>
    call<T>('DELETE', withQuery(path, o.params), { headers: o.extraHeaders, signal: o.signal, skipTokenHeaders: o.skipTokenHeaders }, o.responseType),
};
