// /your-tickets-and-passes: the rider's tickets and passes, tabs Active and Expired (the tab is in the URL: ?tab=expired).
// Read from the encrypted local database first (instant, and offline), then from the API when online (and saved).
import { useRef, type KeyboardEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { WalletItem } from '@sawari/contracts';
import { useAtomValue } from 'jotai';
import { isFeatureEnabled, localisedCitiesAtom, type CityConfig } from '@sawari/runtime';
import { groupByCity, screenFor, splitWallet } from '../common/model';
import { ItemLegs, ItemSubtitle, ItemTitle, SeatDeparture, SourceNote, StatusLabel } from '../common/item';
import { CityGate, ListSkeleton, LoadError, Page, RequireSignIn, money, paths, styles, useNow, useT } from '../common/ui';
import { useWallet } from './useWallet';
import { useOfflineWarmUp } from './offline';

const TABS = ['active', 'expired'] as const;
type Tab = (typeof TABS)[number];

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
        <SeatDeparture item={item} />
        <ItemLegs item={item} />
        <StatusLabel item={item} now={now} />
        {item.rideCount > 0 && <span className={`${styles.small} ${styles.muted}`}> · {t('item.rides', { count: item.rideCount })}</span>}
      </Link>
    </li>
  );
}

/**
 * Every city's items, grouped: the current city first, then the others by name, each under its
 * name; with items in the current city only, just the list.
 */
function CityGroups({ items, now, city, inactive }: { items: WalletItem[]; now: number; city: CityConfig; inactive: boolean }) {
  const t = useT();
  const cities = useAtomValue(localisedCitiesAtom);
  const nameOf = (id: string) => cities.find((c) => c.id === id)?.name ?? id;
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
            key={name}
            ref={(el) => void (tabRefs.current[i] = el)}
            type="button"
            role="tab"
            id={`wallet-tab-${name}`}
            aria-controls="wallet-panel"
            aria-selected={tab === name}
            tabIndex={tab === name ? 0 : -1}
            className={styles.tab}
            onClick={() => select(name)}
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
