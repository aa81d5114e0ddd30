import { OFFLINE_MESSAGE } from '@sawari/domain';
import { learnServerTimeFromDateHeader } from './clock';

export const API_BASE = '/api';
export { OFFLINE_MESSAGE };

/** Every failed call: the server's `{ code, message }` body, or NETWORK_ERROR when the request never got an answer. */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly code: string;
  /** The whole error body, for fields beyond code and message (such as triesLeft on a wrong OTP). */
  readonly details: Readonly<Record<string, unknown>>;
  constructor(status: number, code: string, message: string, details: Record<string, unknown> = {}) {
    super(message);
    this.name = 'ApiRequestError';
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

/** The error a request that never got an answer rejects with (spec §8: it shows the offline snackbar). */
export const networkError = () => new ApiRequestError(0, 'NETWORK_ERROR', OFFLINE_MESSAGE);

export type ApiInit = Omit<RequestInit, 'body'> & {
  /** A string is sent as is; anything else is sent as JSON. */
  body?: unknown;
};

/** Spec §7 default headers: accept and content-type JSON, source 1. */
export const DEFAULT_HEADERS: Readonly<Record<string, string>> = { accept: 'application/json', 'content-type': 'application/json', source: '1' };

export async function errorFrom(res: Response): Promise<ApiRequestError> {
  try {
    const body = (await res.json()) as { code?: unknown; message?: unknown };
    if (typeof body?.code === 'string' && typeof body.message === 'string') return new ApiRequestError(res.status, body.code, body.message, body);
  } catch {
    // not JSON: fall through to the generic error
  }
  return new ApiRequestError(res.status, `HTTP_${res.status}`, `The request failed (${res.status} ${res.statusText}).`.replace(' )', ')'));
}

/** Calls `/api<path>` and answers the parsed JSON body (undefined for an empty answer). */
export async function apiFetch<T = unknown>(path: string, init: ApiInit = {}): Promise<T> {
  const { body, headers, ...rest } = init;
  const merged = new Headers(DEFAULT_HEADERS);
  new Headers(headers).forEach((value, key) => merged.set(key, value));
  let res: Response;
  try {
    res = await fetch(API_BASE + path, {
      ...rest,
      headers: merged,
      body: body === undefined || typeof body === 'string' ? (body as string | undefined) : JSON.stringify(body),
    });
  } catch (err) {
    if ((err as { name?: string })?.name === 'AbortError') throw err;
    throw networkError();
  }
  return readAnswer<T>(res);
}

export type ResponseType = 'json' | 'text' | 'blob' | 'arraybuffer';

/** Learns the server clock from the answer, then answers its body (JSON: parsed, undefined when empty) or its error. */
export async function readAnswer<T>(res: Response, responseType: ResponseType = 'json'): Promise<T> {
  learnServerTimeFromDateHeader(res.headers.get('date'));
  if (!res.ok) throw await errorFrom(res);
  if (responseType === 'text') return (await res.text()) as T;
  if (responseType === 'blob') return (await res.blob()) as T;
  if (responseType === 'arraybuffer') return (await res.arrayBuffer()) as T;
  const text = await res.text();
  if (!text) return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new ApiRequestError(res.status, 'INVALID_RESPONSE', 'The server sent an answer that could not be read.');
  }
}
