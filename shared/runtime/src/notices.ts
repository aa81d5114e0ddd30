// What the shell's snackbar/alert host shows. Any remote can raise one; the shell renders it (in its own language).
import { atom } from 'jotai/vanilla';
import { navigateToUrl } from 'single-spa';
import { snackbarFor, type Snackbar } from '@sawari/domain';
import { sawariStore } from './store';

export type Notice = (Exclude<Snackbar, null> | { kind: 'session-expired' }) & { id: number };
export const noticeAtom = atom<Notice | null>(null);
let lastId = 0;

export function showNotice(notice: Exclude<Snackbar, null> | { kind: 'session-expired' }): void {
  sawariStore.set(noticeAtom, { ...notice, id: ++lastId });
}

/** Where a missing profile is created (spec §8 USER_DOES_NOT_EXIST). */
export const CREATE_PROFILE_PATH = '/app/profile/edit-profile';

/**
 * The spec §8 reaction to a failed call a screen does not handle itself: USER_DOES_NOT_EXIST opens profile creation;
 * a request cancelled by session time-out shows nothing; offline messages show the offline snackbar with "okay";
 * any other message shows with `buttonText`.
 */
export function handleApiError(err: unknown, buttonText?: string): void {
  const { code, message } = (err ?? {}) as { code?: unknown; message?: unknown };
  if (code === 'USER_DOES_NOT_EXIST') {
    navigateToUrl(CREATE_PROFILE_PATH);
    return;
  }
  if ((err as { name?: string })?.name === 'AbortError') return; // the caller gave up on it
  const snackbar = snackbarFor(typeof message === 'string' ? message : String(err), buttonText);
  if (snackbar) showNotice(snackbar);
}
