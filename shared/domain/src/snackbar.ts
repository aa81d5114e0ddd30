/** Spec §8: which message shows the offline snackbar, and how long any snackbar stays. */
export const SNACKBAR_MS = 3_000;
export const OFFLINE_MESSAGE = 'Seems like you are offline. Please check your internet connection and try again';
export const OFFLINE_MESSAGES: readonly string[] = ['Network Error', OFFLINE_MESSAGE];
export const REQUEST_CANCELLED_SESSION_TIMEOUT = 'REQUEST_CANCELLED_SESSION_TIMEOUT';

export type Snackbar = { kind: 'offline'; message: string; button: 'okay' } | { kind: 'message'; message: string; button: string } | null;

/** The snackbar a failed request shows; a request cancelled by session time-out shows none. */
export function snackbarFor(message: string, buttonText = 'okay'): Snackbar {
  if (message === REQUEST_CANCELLED_SESSION_TIMEOUT) return null;
  if (OFFLINE_MESSAGES.includes(message)) return { kind: 'offline', message: OFFLINE_MESSAGE, button: 'okay' };
  return { kind: 'message', message, button: buttonText };
}
