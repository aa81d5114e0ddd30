import { learnServerTimeFromDateHeader } from './clock';

export const API_BASE = '/api';
export const OFFLINE_MESSAGE = 'Seems like you are offline. Please check your internet connection and try again';

/** Every failed call: the server's `{ code, message }` body, or NETWORK_ERROR when the request never got an answer. */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly code: string;
  constructor(status: number, code: string, message: string) {
    super(message);
    this.name = 'ApiRequestError';
    this.status = status;
    this.code = code;
  }
}

export type ApiInit = Omit<RequestInit, 'body'> & {
  /** A string is sent as is; anything else is sent as JSON. */
  body?: unknown;
};

/** Spec §7 default headers: accept and content-type JSON, source 1. */
const DEFAULT_HEADERS: Record<string, string> = { accept: 'application/json', 'content-type': 'application/json', source: '1' };

async function errorFrom(res: Response): Promise<ApiRequestError> {
  try {
    const body = (await res.json()) as { code?: unknown; message?: unknown };
    if (typeof body?.code === 'string' && typeof body.message === 'string') return new ApiRequestError(res.status, body.code, body.message);
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
    throw new ApiRequestError(0, 'NETWORK_ERROR', OFFLINE_MESSAGE);
  }
  learnServerTimeFromDateHeader(res.headers.get('date'));
  if (!res.ok) throw await errorFrom(res);
  const text = await res.text();
  if (!text) return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new ApiRequestError(res.status, 'INVALID_RESPONSE', 'The server sent an answer that could not be read.');
  }
}
