// The rider's wallet in every city: the encrypted local copy first (instant, works offline), then the API when it
// answers (saved back locally, city by city). Rides recorded on this device and not yet synced are merged in, so a punch
// shows at once. Screens share one in-memory copy per rider, so moving between them does not flash a skeleton.
import { useCallback, useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import { sessionAtom, type ApiRequestError } from '@sawari/runtime';
import type { WalletItem } from '@sawari/contracts';
import { compareWalletItems } from '@sawari/domain';
import { ticketsApi } from '../common/api';
import { local, WALLET_CHANGED } from '../common/local';
import { asApiError } from '../common/ui';

export type WalletView = {
  items: WalletItem[] | null;
  /** Where `items` came from: the device (not yet confirmed by the server on this visit) or the server. */
  source: 'local' | 'server' | null;
  savedAt: number | null;
  refreshing: boolean;
  error: ApiRequestError | null;
  refresh: () => void;
};

type Entry = { items: WalletItem[]; source: 'local' | 'server'; savedAt: number | null };
const memory = new Map<string, Entry>();

/** Rides recorded on this device merged in, in the wallet's one order (shared/domain compareWalletItems). */
const merged = async (items: WalletItem[]): Promise<WalletItem[]> => (await local.withQueued(items).catch(() => items)).slice().sort(compareWalletItems);

/**
 * The rider's wallet in every city (nothing is hidden because another city is chosen); `city` is the
 * current city, always read from the device even before it has items.
 */
export function useWallet(city: string): WalletView {
  const userId = useAtomValue(sessionAtom).userId;
  const key = `${userId}`;
  const [entry, setEntry] = useState<Entry | null>(() => memory.get(key) ?? null);
  const [refreshing, setRefreshing] = useState(true);
  const [error, setError] = useState<ApiRequestError | null>(null);
  const [attempt, setAttempt] = useState(0);
  const refresh = useCallback(() => setAttempt((n) => n + 1), []);

  useEffect(() => {
    if (!userId) return;
    let live = true;
    const put = (e: Entry) => {
      memory.set(key, e);
      if (live) setEntry(e);
    };
    setRefreshing(true);
    setError(null);
    void (async () => {
      if (!memory.get(key)) {
        const saved = await local.readAllWallets(userId, city).catch((err: unknown) => {
          console.error('[mf_tickets] could not read the local wallet', err);
          return null;
        });
        if (saved && saved.savedAt !== null) put({ items: [...saved.items].sort(compareWalletItems), source: 'local', savedAt: saved.savedAt });
      }
      // Rides recorded offline go first, so the listing below already counts them.
      await local.syncPunches().catch(() => null);
      try {
        const res = await ticketsApi.walletAll();
        await local.saveAllWallets(userId, res.items, city).catch((err: unknown) => console.error('[mf_tickets] could not save the wallet', err));
        put({ items: await merged(res.items), source: 'server', savedAt: Date.now() });
      } catch (err) {
        if (live) setError(asApiError(err));
        const current = memory.get(key);
        if (current) put({ ...current, source: 'local' });
      } finally {
        if (live) setRefreshing(false);
      }
    })();
    return () => {
      live = false;
    };
  }, [key, userId, city, attempt]);

  // A ride recorded on this device (scan-qr) changes the wallet at once.
  useEffect(() => {
    const onChange = () => {
      const current = memory.get(key);
      if (!current) return;
      void merged(current.items).then((items) => {
        const next = { ...current, items };
        memory.set(key, next);
        setEntry(next);
      });
    };
    window.addEventListener(WALLET_CHANGED, onChange);
    return () => window.removeEventListener(WALLET_CHANGED, onChange);
  }, [key]);

  return { items: entry?.items ?? null, source: entry?.source ?? null, savedAt: entry?.savedAt ?? null, refreshing, error, refresh };
}

/** One item of the wallet (null while loading or when the rider has no such item). */
export function useWalletItem(city: string, transactionId: string) {
  const view = useWallet(city);
  const item = view.items?.find((i) => i.transactionId === transactionId) ?? null;
  return { ...view, item };
}
