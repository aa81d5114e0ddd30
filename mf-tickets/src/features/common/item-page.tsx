// The frame of every screen about one wallet item (summary, before-activation, verification-rejection,
// single-journey-ticket): the signed-in rider's item by transactionId (offline too), with loading, not-found and error
// states, its head on black, and the summary those screens share.
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { isFeatureEnabled, type CityConfig } from '@sawari/runtime';
import type { WalletItem } from '@sawari/contracts';
import { lastValidInstant, shortId } from '@sawari/domain';
import { itemView, screenFor, seatDeparture } from './model';
import { CityGate, FareBreakup, ListSkeleton, LoadError, Page, RequireSignIn, paths, styles, useDates, useNow, useT } from './ui';
import { SourceNote, TicketHead, useItemText, useWho } from './item';
import { useWalletItem } from '../wallet/useWallet';

export function WithItem({
  city,
  transactionId,
  children,
  onItem,
}: {
  city: CityConfig;
  transactionId: string;
  children: (item: WalletItem, city: CityConfig) => React.ReactNode;
  /** Told the item whenever it changes (null while there is none): the page's heading follows it. */
  onItem?: (item: WalletItem | null) => void;
}) {
  const t = useT();
  const view = useWalletItem(city.id, transactionId);
  useEffect(() => onItem?.(view.item), [onItem, view.item]);
  if (view.item)
    return (
      <>
        <SourceNote view={view} />
        {children(view.item, city)}
      </>
    );
  if (view.refreshing) return <ListSkeleton />;
  if (view.error && !view.items) return <LoadError error={view.error} onRetry={view.refresh} />;
  return (
    <div className={styles.alert} role="alert">
      <p>{t('show.notFound')}</p>
      <Link to={paths.wallet}>{t('wallet.heading')}</Link>
    </div>
  );
}

/**
 * The frame of a screen about one item. `heading` is a fixed heading, or one that follows the item and the shared
 * status model (`(item, now)`, with item null while it loads: a heading that says nothing about its state), so a page
 * never heads a state the item is not in ("Not valid yet" above "It is valid now").
 */
export function ItemPage({
  heading,
  children,
}: {
  heading: string | ((item: WalletItem | null, now: number) => string);
  children: (item: WalletItem, city: CityConfig) => React.ReactNode;
}) {
  const t = useT();
  const { transactionId = '' } = useParams();
  const [item, setItem] = useState<WalletItem | null>(null);
  // a heading that follows the item follows its clock too (a fixed one needs none)
  const now = useNow(typeof heading === 'string' ? 3_600_000 : 1000);
  return (
    <Page heading={typeof heading === 'string' ? heading : heading(item, now)} back={{ to: paths.wallet, label: t('wallet.heading') }}>
      <RequireSignIn>
        <CityGate feature={null}>
          {(city) => (
            <WithItem city={city} transactionId={transactionId} onItem={setItem}>
              {children}
            </WithItem>
          )}
        </CityGate>
      </RequireSignIn>
    </Page>
  );
}

/** The item and its state now, on black (the same head as the ticket screen). */
export const ItemHead = TicketHead;

export function ItemSummary({ item, city }: { item: WalletItem; city: CityConfig }) {
  const t = useT();
  const tr = useItemText(item);
  const now = useNow(30_000);
  const { dateTime } = useDates();
  const { headline, actions, period, paid } = itemView(item, now);
  const state = headline;
  const departure = seatDeparture(item);
  const who = useWho(item);
  const p = item.passengers;
  const first = actions.find((a) => a === 'showCode' || a === 'whenValid' || a === 'resubmit');
  return (
    <>
      <ItemHead item={item} now={now} />
      {(first || actions.includes('change') || actions.includes('cancel') || actions.includes('seeRefund')) && (
        <p className={styles.actions} data-testid="item-actions">
          {first && (
            <Link className={styles.linkButton} to={screenFor(item, now, isFeatureEnabled('soundValidation', city))}>
              {first === 'showCode' ? t('summary.show') : first === 'resubmit' ? t('item.resubmit') : t('show.whenValid')}
            </Link>
          )}
          {actions.includes('change') && (
            <a className={styles.linkSecondary} href={`/app${paths.seatManage(item.transactionId, 'reschedule')}`}>
              {t('item.change')}
            </a>
          )}
          {actions.includes('cancel') && (
            <a className={styles.linkSecondary} href={`/app${paths.seatManage(item.transactionId, 'cancel')}`}>
              {t('item.cancel')}
            </a>
          )}
          {actions.includes('seeRefund') && departure != null && <a href={`/app${paths.seatSummary(item.transactionId)}`}>{t('item.seeRefund')}</a>}
        </p>
      )}
      <dl className={styles.facts}>
        {departure != null && (
          <>
            <dt>{t('item.departure')}</dt>
            <dd>{dateTime(departure)}</dd>
          </>
        )}
        {item.routeName && (
          <>
            <dt>{t('ticket.route')}</dt>
            <dd>{item.routeName}</dd>
          </>
        )}
        {item.fromStopName && (
          <>
            <dt>{t('ticket.from')}</dt>
            <dd>{item.fromStopName}</dd>
            <dt>{t('ticket.to')}</dt>
            <dd>{item.toStopName}</dd>
          </>
        )}
        <dt>{p || item.ticketId ? t('ticket.passengers') : t('ticket.category')}</dt>
        <dd>{who}</dd>
        {period && item.startTime != null && (
          <>
            <dt>{t('receipt.validFrom')}</dt>
            <dd>{dateTime(item.startTime)}</dd>
          </>
        )}
        {period && (item.activationExpiryTime ?? item.expiryTime) != null && (
          <>
            <dt>{t('receipt.validUntil')}</dt>
            <dd>{item.ticketId ? dateTime((item.activationExpiryTime ?? item.expiryTime)!) : dateTime(lastValidInstant(item.expiryTime!))}</dd>
          </>
        )}
        {item.bookingTime != null && (
          <>
            <dt>{t('receipt.booked')}</dt>
            <dd>{dateTime(item.bookingTime)}</dd>
          </>
        )}
        <dt>{t('receipt.rides')}</dt>
        <dd>{item.rideCount}</dd>
        <dt>{t('receipt.transaction')}</dt>
        <dd>
          {shortId(item.transactionId)} <span className={`${styles.small} ${styles.muted} ${styles.longId}`}>({item.transactionId})</span>
        </dd>
      </dl>
      <h2>{t('fare.heading')}</h2>
      <FareBreakup lines={item.fareInfo.fareBreakup} payable={item.fareInfo.payableAmount} caption={t('fare.heading')} paid={paid} />
      {item.infoNote && <p className={styles.muted}>{tr(item.infoNote)}</p>}
      {item.conditions.length > 0 && (
        <details>
          <summary>{t('summary.terms')}</summary>
          <ul className={styles.terms}>
            {item.conditions.map((c) => (
              <li key={c}>{tr(c)}</li>
            ))}
          </ul>
        </details>
      )}
      <p className={styles.actions}>
        <Link to={paths.rideHistory(item.transactionId)}>{t('rides.heading')}</Link>
        <Link to={paths.receipt(item.transactionId, item.productSubType === 'instantTicket')}>{t('receipt.heading')}</Link>
        {state === 'valid' && <Link to={paths.scanQr(item.transactionId)}>{t('show.scanBus')}</Link>}
      </p>
    </>
  );
}
