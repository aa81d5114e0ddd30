// The rides of one item and its receipt, as ride-history and ride-receipt show them: from the API (GET
// /api/validation/receipts/:transactionId, which carries the rides too), saved in the local database's rideReceipt
// store; offline, the saved copy plus the rides recorded on this device and not yet synced.
import { useEffect, useState } from 'react';
import type { Ride, RideReceipt } from '@sawari/contracts';
import { ticketsApi } from './api';
import { local, WALLET_CHANGED } from './local';
import { asApiError, styles, useDates, useT } from './ui';

export type Loaded = {
  receipt: RideReceipt | null;
  pending: Ride[];
  source: 'server' | 'local';
  savedAt: number | null;
  error: ReturnType<typeof asApiError> | null;
};

export function useReceipt(transactionId: string) {
  const [state, setState] = useState<Loaded | null>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    const pendingRides = async (): Promise<Ride[]> =>
      (await local.pendingPunches().catch(() => []))
        .filter((p) => p.transactionId === transactionId)
        .map((p) => ({ punchId: p.punchId, punchingTime: p.punchingTime, vehicleNo: p.vehicleNo ?? null, stopId: null, source: p.source }));
    void (async () => {
      const saved = await local.readReceipt(transactionId).catch(() => null);
      if (saved && live) setState({ receipt: saved.receipt, pending: await pendingRides(), source: 'local', savedAt: saved.savedAt, error: null });
      await local.syncPunches().catch(() => null);
      try {
        const receipt = await ticketsApi.receipt(transactionId);
        await local.saveReceipt(transactionId, receipt).catch((err: unknown) => console.error('[mf_tickets] could not save the receipt', err));
        if (live) setState({ receipt, pending: await pendingRides(), source: 'server', savedAt: Date.now(), error: null });
      } catch (err) {
        if (live)
          setState({
            receipt: saved?.receipt ?? null,
            pending: await pendingRides(),
            source: 'local',
            savedAt: saved?.savedAt ?? null,
            error: asApiError(err),
          });
      }
    })();
    return () => {
      live = false;
    };
  }, [transactionId, attempt]);
  useEffect(() => {
    const again = () => setAttempt((n) => n + 1);
    window.addEventListener(WALLET_CHANGED, again);
    return () => window.removeEventListener(WALLET_CHANGED, again);
  }, []);
  return { state, retry: () => setAttempt((n) => n + 1) };
}

export function OfflineNote({ state }: { state: Loaded }) {
  const t = useT();
  const { dateTime } = useDates();
  if (state.source !== 'local') return null;
  return (
    <p className={styles.warn} role="status">
      {state.savedAt ? t('wallet.offlineSaved', { time: dateTime(state.savedAt) }) : t('wallet.offline')}
    </p>
  );
}

export function RideList({ rides, pending }: { rides: Ride[]; pending: Ride[] }) {
  const t = useT();
  const { dateTime } = useDates();
  const known = new Set(rides.map((r) => r.punchId));
  const all = [...pending.filter((p) => !known.has(p.punchId)).map((r) => ({ ...r, pending: true })), ...rides.map((r) => ({ ...r, pending: false }))].sort(
    (a, b) => b.punchingTime - a.punchingTime,
  );
  if (!all.length) return <p className={styles.empty}>{t('rides.none')}</p>;
  return (
    <ol className={styles.rides} aria-label={t('rides.heading')} data-testid="ride-list">
      {all.map((r) => (
        <li key={r.punchId}>
          <strong>{dateTime(r.punchingTime)}</strong>
          {r.vehicleNo && <> · {t('rides.bus', { vehicle: r.vehicleNo })}</>}
          <br />
          <span className={`${styles.small} ${styles.muted}`}>
            {t(`rides.source.${r.source}`)}
            {r.pending && ` · ${t('rides.pending')}`}
          </span>
        </li>
      ))}
    </ol>
  );
}
