// The rider's session: one atom in THE store, kept in IndexedDB, shared with every open tab.
import { atom } from 'jotai/vanilla';
import { createStore as createIdbStore, del, get, set, type UseStore } from 'idb-keyval';
import { sawariStore } from './store';
import { readStored, writeStored } from './storage';

export type Session = { phoneNumber: string | null; userId: string | null; accessToken: string | null; refreshToken: string | null };
export const SIGNED_OUT: Session = Object.freeze({ phoneNumber: null, userId: null, accessToken: null, refreshToken: null });

/** The current session (SIGNED_OUT when nobody is signed in). Write it through setSession / endSession. */
export const sessionAtom = atom<Session>(SIGNED_OUT);
/** False until the stored session was read: screens that need a session wait for it before sending to login. */
export const sessionLoadedAtom = atom(false);
export type LogoutReason = 'expired' | 'signed-out' | 'other-tab';
/** The last logout, in this tab or another one: every remote can subscribe to it through the store. */
export const logoutAtom = atom<{ reason: LogoutReason; at: number } | null>(null);

export const SESSION_CHANNEL = 'sawari-session';
export const DEVICE_ID_KEY = 'sawari.deviceId';
type TabMessage = { type: 'session'; session: Session } | { type: 'logout'; reason: LogoutReason };

let memoryDeviceId: string | null = null;
/** This device's id: generated once (a UUID without dashes) and kept in localStorage. */
export function deviceId(): string {
  const stored = readStored(DEVICE_ID_KEY);
  if (stored) return stored;
  memoryDeviceId ??= crypto.randomUUID().replace(/-/g, '');
  writeStored(DEVICE_ID_KEY, memoryDeviceId);
  return memoryDeviceId;
}

let db: UseStore | null | undefined;
const SESSION_KEY = 'session';
function sessionDb(): UseStore | null {
  if (db === undefined) db = typeof indexedDB === 'undefined' ? null : createIdbStore('sawari-session', 'session');
  return db;
}

async function persist(session: Session): Promise<void> {
  const store = sessionDb();
  if (!store) return;
  try {
    await (session.accessToken ? set(SESSION_KEY, session, store) : del(SESSION_KEY, store));
  } catch (err) {
    console.error('[sawari] could not store the session', err);
  }
}

let channel: BroadcastChannel | null | undefined;
function tabs(): BroadcastChannel | null {
  if (channel !== undefined) return channel;
  channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(SESSION_CHANNEL);
  // Node (unit tests) would otherwise stay alive for the channel.
  (channel as unknown as { unref?: () => void } | null)?.unref?.();
  channel?.addEventListener('message', (event: MessageEvent<TabMessage>) => {
    const msg = event.data;
    // Another tab already stored it: only this tab's store follows.
    if (msg?.type === 'session') sawariStore.set(sessionAtom, msg.session);
    else if (msg?.type === 'logout') logOutHere('other-tab');
  });
  return channel;
}

const isSession = (v: unknown): v is Session =>
  !!v && typeof v === 'object' && typeof (v as Session).accessToken === 'string' && typeof (v as Session).refreshToken === 'string';

/** The session as stored (what every tab last wrote), or null when none is stored or there is no storage. */
export async function readStoredSession(): Promise<Session | null> {
  const store = sessionDb();
  if (!store) return null;
  try {
    const stored = await get<unknown>(SESSION_KEY, store);
    return isSession(stored) ? stored : null;
  } catch {
    return null;
  }
}

let loading: Promise<void> | null = null;
/** Reads the stored session once (the shell calls it at start; every request waits for it). */
export function loadSession(): Promise<void> {
  loading ??= (async () => {
    tabs();
    const store = sessionDb();
    try {
      const stored = store ? await get<unknown>(SESSION_KEY, store) : undefined;
      // A sign-in that finished while this was reading wins.
      if (isSession(stored) && !sawariStore.get(sessionAtom).accessToken) sawariStore.set(sessionAtom, stored);
    } catch (err) {
      console.error('[sawari] could not read the stored session', err);
    }
    sawariStore.set(sessionLoadedAtom, true);
  })();
  return loading;
}

/** A new or refreshed session: stored, and sent to every open tab. */
export async function setSession(session: Session): Promise<void> {
  sawariStore.set(sessionAtom, session);
  tabs()?.postMessage({ type: 'session', session } satisfies TabMessage);
  await persist(session);
}

function logOutHere(reason: LogoutReason): void {
  sawariStore.set(sessionAtom, SIGNED_OUT);
  sawariStore.set(logoutAtom, { reason, at: Date.now() });
}

/** Clears phone number, user id and tokens here, in storage and in every open tab (spec §4 "broadcasts a logout"). */
export async function endSession(reason: Exclude<LogoutReason, 'other-tab'>): Promise<void> {
  logOutHere(reason);
  tabs()?.postMessage({ type: 'logout', reason } satisfies TabMessage);
  await persist(SIGNED_OUT);
}
