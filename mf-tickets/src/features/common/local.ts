// The screens' adapter over the wallet client libraries (mf-tickets/src/lib, docs/wallet-offline.md): the signed-in
// rider's encrypted local wallet, receipts, the punch queue and its sync, the ticket code and the ticket sound. Every
// call is for the rider of the current session.
import { api, sawariStore, serverNow, sessionAtom } from '@sawari/runtime';
import type { RideReceipt, WalletItem } from '@sawari/contracts';
import { compareWalletItems } from '@sawari/domain';
import {
  getAuth,
  getRideReceipt,
  listWalletItems,
  putRideReceipt,
  putWalletItems,
  queuedPunches,
  withQueuedPunches,
  type LocalPunch,
} from '../../lib/wallet-db';
import { recordPunch, syncPunches, type RideSyncAnswer, type SyncOutcome } from '../../lib/punch-queue';
import { keptTicketCode, ticketCodeAt, ticketToken } from './ticket-token';
import { currentSoundPayload } from '../../lib/ticket-code';
import { playSoundCode, type SoundPlayer, type SoundState } from '../../lib/sound-player';

export type { LocalPunch, SoundPlayer, SoundState, SyncOutcome };

/** Fired on window when a ride was recorded on this device (screens showing the wallet re-read it). */
export const WALLET_CHANGED = 'sawari:wallet-changed';

function rider(): string {
  const userId = sawariStore.get(sessionAtom).userId;
  if (!userId) throw new Error('No rider is signed in');
  return userId;
}

const send = (body: { punches: LocalPunch[] }) => api.post<RideSyncAnswer>('/validation/rides/sync', body);

type SavedReceipt = { receipt: RideReceipt; savedAt: number };

export const local = {
  readWallet: (userId: string, city: string) => listWalletItems(userId, city, serverNow()),
  saveWallet: (userId: string, city: string, items: WalletItem[]) => putWalletItems(userId, city, items, serverNow()),
  /**
   * Every city's saved items (the cities this device has a saved listing of, plus `alsoCity`), and when the listing was
   * last saved (null: never on this device).
   */
  readAllWallets: async (userId: string, alsoCity: string): Promise<{ items: WalletItem[]; savedAt: number | null }> => {
    const saved = (await getAuth(userId))?.walletSavedAt ?? {};
    const cities = [...new Set([alsoCity, ...Object.keys(saved)])];
    const lists = await Promise.all(cities.map((c) => listWalletItems(userId, c, serverNow())));
    const times = lists.map((l) => l.savedAt).filter((x): x is number => x !== null);
    return {
      items: lists.flatMap((l) => l.items).sort(compareWalletItems),
      savedAt: times.length ? Math.min(...times) : null,
    };
  },
  /** Saves an all-city listing city by city (a city saved before and now empty is emptied too). */
  saveAllWallets: async (userId: string, items: WalletItem[], alsoCity: string): Promise<void> => {
    const saved = (await getAuth(userId))?.walletSavedAt ?? {};
    const cities = new Set([alsoCity, ...Object.keys(saved), ...items.map((i) => i.city)]);
    for (const c of cities)
      await putWalletItems(
        userId,
        c,
        items.filter((i) => i.city === c),
        serverNow(),
      );
  },
  /** The server's items with this device's queued rides added (and a ridden single-journey ticket USED). */
  withQueued: async (items: WalletItem[]): Promise<WalletItem[]> => {
    const queued = await queuedPunches(rider());
    const now = serverNow();
    return items.map((i) => withQueuedPunches(i, queued, now));
  },
  pendingPunches: (): Promise<LocalPunch[]> => queuedPunches(rider()),
  recordPunch: async (p: { transactionId: string; vehicleNo: string; source: 'SCAN_QR' | 'MANUAL' }): Promise<LocalPunch> => {
    const punch = await recordPunch(rider(), { ...p, punchingTime: serverNow() });
    window.dispatchEvent(new Event(WALLET_CHANGED));
    return punch;
  },
  /** Sends the queued rides (null when there was nothing to send or the send failed). */
  syncPunches: async (): Promise<SyncOutcome | null> => {
    const outcome = await syncPunches(rider(), send);
    return outcome.error ? null : outcome;
  },
  readReceipt: async (tx: string): Promise<SavedReceipt | null> => getRideReceipt<SavedReceipt>(tx, rider()),
  saveReceipt: (tx: string, receipt: RideReceipt): Promise<void> => putRideReceipt<SavedReceipt>(rider(), tx, { receipt, savedAt: Date.now() }),
  /** The QR text for now: the saved server token (fetched once online) and this 10 s slot's device signature. */
  ticketCode: (item: WalletItem, now: number) => ticketCodeAt(rider(), item.transactionId, now),
  /** The QR text from the token kept on this device only (null: none kept); never asks the server. */
  keptTicketCode: (transactionId: string, now: number) => keptTicketCode(rider(), transactionId, now),
  /** Plays the ticket sound now and every 8 s (lib sound-player); `onState` hears playing, blocked, unavailable. */
  playSound: async (item: WalletItem, onState: (state: SoundState) => void): Promise<SoundPlayer> => {
    const token = await ticketToken(rider(), item.transactionId);
    return playSoundCode((now) => currentSoundPayload(token, now), { now: serverNow, onState });
  },
};
