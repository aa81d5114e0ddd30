// /your-tickets-and-passes: the rider's tickets and passes, tabs Active and Expired (the tab is in the URL: ?tab=expired).
// Read from the encrypted local database first (instant, and offline), then from the API when online (and saved).
import { useRef, type KeyboardEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { WalletItem } from '@sawari/contracts';
import { shortId } from '@sawari/domain';
import { useAtomValue } from 'jotai';
import { citiesStateAtom, isFeatureEnabled, type CityConfig } from '@sawari/runtime';
import { expiryCountdown, groupByCity, screenFor, splitWallet, statusLabelParts, itemState } from '../common/model';
import { CityGate, ListSkeleton, LoadError, Page, RequireSignIn, money, paths, styles, useCountdownWords, useDates, useNow, useT } from '../common/ui';
import { useWallet, type WalletView } from './useWallet';
import { useOfflineWarmUp } from './offline';

const TABS = ['active', 'expired'] as const;
type Tab = (typeof TABS)[number];

export function ItemTitle({ item }: { item: WalletItem }) {
  const t = useT();
  if (item.ticketId) {
    if (item.productSubType === 'instantTicket') return <>{t('buy.instant.title')}</>;
    if (item.fromStopName && item.toStopName) return <>{t('item.journey', { from: item.fromStopName, to: item.toStopName })}</>;
    return <>{t('item.ticket')}</>;
  }
  return <>{item.categoryName ? t('item.passOf', { name: item.categoryName }) : t('item.pass')}</>;
}

/** Route and passengers of a ticket; what a pass is (e.g. "30 days"). */
export function ItemSubtitle({ item }: { item: WalletItem }) {
  if (item.ticketId) return <>{item.routeName ? `${item.routeName} · ${item.categoryName}` : item.categoryName}</>;
  return <>{item.desc ?? item.categoryName}</>;
}

/** The legs of a multi-route ticket, one per line ("AE3 Terminal 2 Bus Bay → Sion Circle"); nothing for one leg. */
export function ItemLegs({ item }: { item: WalletItem }) {
  const t = useT();
  if (!item.legs || item.legs.length < 2) return null;
  return (
    <span className={styles.cardLegs} data-testid="item-legs">
      {item.legs.map((l, i) => (
        <span key={`${i}-${l.routeId}`} className={styles.cardLeg}>
          <span className={styles.legNo} aria-hidden="true">{i + 1}</span>
          <strong>{l.routeName}</strong> {t('item.journey', { from: l.fromStopName, to: l.toStopName })}
        </span>
      ))}
    </span>
  );
}

/**
 * Whose pass this is and its readable number (issue 16 item 8): the holder's photograph from the verified documents
 * (where the category has one), the name it was bought in, and "Pass no. K7M2 9QXA" (shared/domain shortId) instead of
 * the 40-50 character transactionId. A ticket shows its number only.
 */
export function Holder({ item }: { item: WalletItem }) {
  const t = useT();
  const name = item.holder?.name ?? null;
  const photo = item.holder?.photoUrl ?? null;
  return (
    <div className={styles.holder} data-testid="holder">
      {photo && <img className={styles.holderPhoto} src={photo} alt={t('holder.photoAlt', { name: name ?? '' })} width={56} height={56} />}
      <p>
        {name && <strong className={styles.holderName}>{name}</strong>}
        <span className={styles.holderId}>{t(item.ticketId ? 'holder.ticketNo' : 'holder.passNo', { id: shortId(item.transactionId) })}</span>
      </p>
    </div>
  );
}

/** The spec §4 status label in the rider's language, and for a valid item how long is left ("expires in 12 min"). */
export function StatusLabel({ item, now }: { item: WalletItem; now: number }) {
  const t = useT();
  const { date, dayTime } = useDates();
  const words = useCountdownWords();
  const parts = statusLabelParts(item, now, date, dayTime);
  const state = itemState(item, now);
  const left = expiryCountdown(item, now);
  const tone = state === 'valid' || state === 'notYetValid' ? styles.badgeOk : state === 'rejected' || state === 'failed' ? styles.badgeBad : state === 'expired' || state === 'used' ? styles.badge : styles.badgeWarn;
  return (
    <>
      <span className={`${styles.badge} ${tone}`}>{t(parts.id, parts.date ? { date: parts.date } : undefined)}</span>
      {left && <span className={`${styles.small} ${styles.countdownText}`} data-testid="expires-in"> {t('countdown.expiresIn', { left: words(left) })}</span>}
    </>
  );
}

function ItemCard({ item, now, city, inactive }: { item: WalletItem; now: number; city: CityConfig; inactive: boolean }) {
  const t = useT();
  const to = screenFor(item, now, isFeatureEnabled('soundValidation', city));
  return (
    <li>
      <Link className={`${styles.card} ${styles.cardLink}${inactive ? ` ${styles.cardInactive}` : ''}`} to={to} data-transaction-id={item.transactionId}>
        <span className={styles.cardHead}>
          <span className={styles.cardTitle}>
            <ItemTitle item={item} />
          </span>
          <span className={styles.price}>{money(item.farePaise)}</span>
        </span>
        <span className={`${styles.muted} ${styles.small}`}>
          <ItemSubtitle item={item} />
        </span>
        <br />
        <ItemLegs item={item} />
        <StatusLabel item={item} now={now} />
        {item.rideCount > 0 && <span className={`${styles.small} ${styles.muted}`}> · {t('item.rides', { count: item.rideCount })}</span>}
      </Link>
    </li>
  );
}

/**
 * Every city's items, grouped (issue 16 item 11): the current city first, then the others by name, each under its
 * name; with items in the current city only, just the list.
 */
function CityGroups({ items, now, city, inactive }: { items: WalletItem[]; now: number; city: CityConfig; inactive: boolean }) {
  const t = useT();
  const cities = useAtomValue(citiesStateAtom).data?.cities;
  const nameOf = (id: string) => cities?.find((c) => c.id === id)?.name ?? id;
  const groups = groupByCity(items, city.id, nameOf);
  const list = (group: WalletItem[]) => (
    <ul className={styles.cards}>
      {group.map((item) => (
        <ItemCard key={item.transactionId} item={item} now={now} city={city} inactive={inactive} />
      ))}
    </ul>
  );
  if (groups.length === 1) return list(groups[0].items);
  return (
    <>
      {groups.map((g) => (
        <section key={g.city} aria-labelledby={`wallet-city-${g.city}`} data-city={g.city}>
          <h2 id={`wallet-city-${g.city}`}>{g.city === city.id ? t('wallet.cityCurrent', { city: nameOf(g.city) }) : nameOf(g.city)}</h2>
          {g.items.length ? list(g.items) : <p className={styles.muted}>{t('wallet.cityNone', { city: nameOf(g.city) })}</p>}
        </section>
      ))}
    </>
  );
}

function Empty({ tab }: { tab: Tab }) {
  const t = useT();
  return (
    <div className={styles.empty}>
      <p>{t(tab === 'active' ? 'wallet.emptyActive' : 'wallet.emptyExpired')}</p>
      <p className={styles.actions}>
        <Link className={styles.linkButton} to={paths.buy}>
          {t('wallet.buyTicket')}
        </Link>
        <a className={styles.linkSecondary} href={`/app${paths.passes}`}>
          {t('wallet.buyPass')}
        </a>
      </p>
    </div>
  );
}

export function SourceNote({ view }: { view: WalletView }) {
  const t = useT();
  const { dateTime } = useDates();
  if (view.source !== 'local' || view.refreshing) return null;
  return (
    <p className={styles.warn} role="status">
      {view.savedAt ? t('wallet.offlineSaved', { time: dateTime(view.savedAt) }) : t('wallet.offline')}
    </p>
  );
}

function Wallet({ city }: { city: CityConfig }) {
  const t = useT();
  const now = useNow(30_000);
  const view = useWallet(city.id);
  useOfflineWarmUp();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'expired' ? 'expired' : 'active';
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const select = (next: Tab, focus = false) => {
    setParams(next === 'active' ? {} : { tab: next }, { replace: true });
    if (focus) tabRefs.current[TABS.indexOf(next)]?.focus();
  };
  const onKey = (e: KeyboardEvent) => {
    const i = TABS.indexOf(tab);
    if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
      e.preventDefault();
      select(TABS[(i + (e.key === 'ArrowRight' ? 1 : TABS.length - 1)) % TABS.length], true);
    } else if (e.key === 'Home' || e.key === 'End') {
      e.preventDefault();
      select(e.key === 'Home' ? TABS[0] : TABS[TABS.length - 1], true);
    }
  };
  const lists = view.items ? splitWallet(view.items, now) : null;
  return (
    <>
      <div role="tablist" aria-label={t('wallet.tabs')} className={styles.tabs} onKeyDown={onKey}>
        {TABS.map((name, i) => (
          <button
            key={name} ref={(el) => void (tabRefs.current[i] = el)} type="button" role="tab" id={`wallet-tab-${name}`} aria-controls="wallet-panel"
            aria-selected={tab === name} tabIndex={tab === name ? 0 : -1} className={styles.tab} onClick={() => select(name)}
          >
            {t(`wallet.tab.${name}`)}
            {lists ? ` (${lists[name].length})` : ''}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="wallet-panel" aria-labelledby={`wallet-tab-${tab}`} tabIndex={0}>
        <SourceNote view={view} />
        {!lists && view.error ? (
          <LoadError error={view.error} onRetry={view.refresh} />
        ) : !lists ? (
          <ListSkeleton />
        ) : lists[tab].length === 0 ? (
          <Empty tab={tab} />
        ) : (
          <CityGroups items={lists[tab]} now={now} city={city} inactive={tab === 'expired'} />
        )}
      </div>
      {lists && (
        <p className={styles.actions}>
          <Link to={paths.buy}>{t('wallet.buyTicket')}</Link>
          <a href={`/app${paths.passes}`}>{t('wallet.buyPass')}</a>
        </p>
      )}
    </>
  );
}

export default function WalletScreen() {
  const t = useT();
  return (
    <Page heading={t('wallet.heading')}>
      <RequireSignIn>
        <CityGate feature={null}>{(city) => <Wallet city={city} />}</CityGate>
      </RequireSignIn>
    </Page>
  );
}
