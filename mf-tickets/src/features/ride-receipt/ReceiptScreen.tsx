// /your-tickets-and-passes/ride-receipt/:transactionId and ride-receipt-instant-ticket/:transactionId: the receipt.
import { useLocation, useParams } from 'react-router-dom';
import { lastValidInstant } from '@sawari/domain';
import { ListSkeleton, LoadError, Page, RequireSignIn, money, paths, styles, useDates, useT } from '../common/ui';
import { OfflineNote, RideList, useReceipt } from '../common/rides';

/** The owning module's details worth showing (docs/tickets.md, docs/passes.md), each with its label. */
const DETAIL_IDS: Record<string, string> = {
  adults: 'passenger.adult',
  children: 'passenger.child',
  seniors: 'passenger.senior',
  passengerCount: 'ticket.passengers',
  categoryName: 'ticket.category',
  numOfDays: 'receipt.days',
  passStartDate: 'receipt.startDate',
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

export default function ReceiptScreen() {
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
