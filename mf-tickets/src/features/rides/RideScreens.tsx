// ride-history/:transactionId and ride-receipt(-instant-ticket)/:transactionId: from the API (GET
// /api/validation/receipts/:transactionId, which carries the rides too), saved in the local database's rideReceipt
// store; offline, the saved copy plus the rides recorded on this device and not yet synced.
import { lastValidInstant } from '@sawari/domain';
import { useEffect, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import type { Ride, RideReceipt } from '@sawari/contracts';
import { ticketsApi } from '../common/api';
import { local, WALLET_CHANGED } from '../common/local';
import { ListSkeleton, LoadError, Page, RequireSignIn, asApiError, money, paths, styles, useDates, useT } from '../common/ui';

type Loaded = { receipt: RideReceipt | null; pending: Ride[]; source: 'server' | 'local'; savedAt: number | null; error: ReturnType<typeof asApiError> | null };

function useReceipt(transactionId: string) {
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
        if (live) setState({ receipt: saved?.receipt ?? null, pending: await pendingRides(), source: 'local', savedAt: saved?.savedAt ?? null, error: asApiError(err) });
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

function OfflineNote({ state }: { state: Loaded }) {
  const t = useT();
  const { dateTime } = useDates();
  if (state.source !== 'local') return null;
  return <p className={styles.warn} role="status">{state.savedAt ? t('wallet.offlineSaved', { time: dateTime(state.savedAt) }) : t('wallet.offline')}</p>;
}

function RideList({ rides, pending }: { rides: Ride[]; pending: Ride[] }) {
  const t = useT();
  const { dateTime } = useDates();
  const known = new Set(rides.map((r) => r.punchId));
  const all = [...pending.filter((p) => !known.has(p.punchId)).map((r) => ({ ...r, pending: true })), ...rides.map((r) => ({ ...r, pending: false }))].sort((a, b) => b.punchingTime - a.punchingTime);
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

function History({ transactionId }: { transactionId: string }) {
  const { state, retry } = useReceipt(transactionId);
  if (!state) return <ListSkeleton />;
  if (!state.receipt && state.error && !state.pending.length) return <LoadError error={state.error} onRetry={retry} />;
  return (
    <>
      <OfflineNote state={state} />
      <RideList rides={state.receipt?.rides ?? []} pending={state.pending} />
    </>
  );
}

export function RideHistoryScreen() {
  const t = useT();
  const { transactionId = '' } = useParams();
  return (
    <Page heading={t('rides.heading')} back={{ to: paths.summary(transactionId), label: t('summary.heading') }}>
      <RequireSignIn>
        <History transactionId={transactionId} />
        <p className={styles.actions}>
          <Link to={paths.receipt(transactionId)}>{t('receipt.heading')}</Link>
        </p>
      </RequireSignIn>
    </Page>
  );
}

/** The owning module's details worth showing (docs/tickets.md, docs/passes.md), each with its label. */
const DETAIL_IDS: Record<string, string> = {
  adults: 'passenger.adult', children: 'passenger.child', seniors: 'passenger.senior', passengerCount: 'ticket.passengers',
  categoryName: 'ticket.category', numOfDays: 'receipt.days', passStartDate: 'receipt.startDate',
};

function Receipt({ transactionId }: { transactionId: string }) {
  const t = useT();
  const { dateTime, isoDate } = useDates();
  const { state, retry } = useReceipt(transactionId);
  if (!state) return <ListSkeleton />;
  const r = state.receipt;
  if (!r) return state.error ? <LoadError error={state.error} onRetry={retry} /> : <ListSkeleton />;
  const details = Object.entries(r.details).filter(([k, v]) => DETAIL_IDS[k] && v !== null && v !== '' && v !== 0);
  return (
    <>
      <OfflineNote state={state} />
      <h2>{r.title}</h2>
      <dl className={styles.facts}>
        <dt>{t('receipt.status')}</dt>
        <dd>{t(`receipt.status.${['ACTIVE', 'USED', 'EXPIRED'].includes(r.status) ? r.status : 'OTHER'}`, { status: r.status })}</dd>
        {details.map(([k, v]) => (
          <div key={k} style={{ display: 'contents' }}>
            <dt>{t(DETAIL_IDS[k])}</dt>
            <dd>{k === 'passStartDate' && typeof v === 'string' ? isoDate(v) : String(v)}</dd>
          </div>
        ))}
        <dt>{t('receipt.fare')}</dt>
        <dd>{money(r.farePaise)}</dd>
        {r.bookingTime != null && (
          <>
            <dt>{t('receipt.booked')}</dt>
            <dd>{dateTime(r.bookingTime)}</dd>
          </>
        )}
        <dt>{t('receipt.validFrom')}</dt>
        <dd>{dateTime(r.validFrom)}</dd>
        <dt>{t('receipt.validUntil')}</dt>
        <dd>{dateTime(r.kind === 'pass' ? lastValidInstant(r.validUntil) : r.validUntil)}</dd>
        <dt>{t('receipt.rides')}</dt>
        <dd>{r.rideCount + state.pending.filter((p) => !r.rides.some((x) => x.punchId === p.punchId)).length}</dd>
        {r.tripsLeftToday !== null && (
          <>
            <dt>{t('receipt.tripsLeft')}</dt>
            <dd>{r.tripsLeftToday}</dd>
          </>
        )}
        <dt>{t('receipt.lastRide')}</dt>
        <dd>{r.lastRide ? `${dateTime(r.lastRide.punchingTime)}${r.lastRide.vehicleNo ? ` · ${r.lastRide.vehicleNo}` : ''}` : t('rides.none')}</dd>
        <dt>{t('receipt.transaction')}</dt>
        <dd>{r.transactionId}</dd>
      </dl>
      <h2>{t('rides.heading')}</h2>
      <RideList rides={r.rides} pending={state.pending} />
    </>
  );
}

export function ReceiptScreen() {
  const t = useT();
  const { transactionId = '' } = useParams();
  const { pathname } = useLocation();
  const instant = pathname.includes('/ride-receipt-instant-ticket/');
  return (
    <Page heading={t(instant ? 'receipt.instantHeading' : 'receipt.heading')} back={{ to: paths.summary(transactionId), label: t('summary.heading') }}>
      <RequireSignIn>
        <Receipt transactionId={transactionId} />
      </RequireSignIn>
    </Page>
  );
}
