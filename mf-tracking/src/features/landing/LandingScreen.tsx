import { useId, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router-dom';
import { Button } from '@sawari/ui';
import { Page } from '../common/Page';
import { useCityId } from '../common/city';
import { useFavourites, useSignedIn } from '../common/favourites';
import { paths } from '../common/links';
import styles from '../common/tracking.module.css';

/** The search box of the landing and results screens: routes, stops and places. */
export function SearchForm({ initial = '' }: { initial?: string }) {
  const intl = useIntl();
  const id = useId();
  const navigate = useNavigate();
  const [q, setQ] = useState(initial);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (q.trim()) navigate(paths.results(q.trim()));
  };
  return (
    <form role="search" onSubmit={submit}>
      <div className={styles.field}>
        <label htmlFor={id}>{intl.formatMessage({ id: 'search.label' })}</label>
        <div className={styles.searchRow}>
          <input
            id={id}
            className={styles.input}
            type="search"
            value={q}
            onChange={(e) => setQ(e.target.value)}
            placeholder={intl.formatMessage({ id: 'search.placeholder' })}
            autoComplete="off"
          />
          <Button type="submit">{intl.formatMessage({ id: 'search.button' })}</Button>
        </div>
      </div>
    </form>
  );
}

function Favourites() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const { loaded, signedIn } = useSignedIn();
  const fav = useFavourites();
  const city = useCityId();
  if (!loaded) return null;
  if (!signedIn)
    return (
      <p>
        <a href="/app/login/%2Flive-tracking">{t('landing.favourites.signIn')}</a>
      </p>
    );
  if (fav.status === 'loading' || fav.status === 'idle') return <p role="status">{t('common.loading')}</p>;
  if (fav.status === 'error')
    return (
      <p className={styles.alert}>
        {t('landing.favourites.failed')}{' '}
        <button type="button" className={styles.textButton} onClick={fav.reload}>
          {t('common.retry')}
        </button>
      </p>
    );
  const mine = fav.items.filter((f) => (f.kind === 'stop' || f.kind === 'route') && f.city === city);
  if (mine.length === 0) return <p className={styles.empty}>{t('landing.favourites.empty')}</p>;
  return (
    <ul className={styles.cards}>
      {mine.map((f) => (
        <li key={f.id}>
          <Link className={styles.card} to={f.kind === 'route' ? paths.routeMap(f.refId) : paths.allBuses(f.refId, f.label)}>
            <span className={styles.cardTitle}>{f.label}</span>
            {f.detail && <span className={styles.cardDesc}>{f.detail}</span>}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * /live-tracking: search, nearby stops, trip planner, find my bus, and the rider's favourite stops and routes. No feed
 * data here (so no credit line): the GraphQL client chunk is fetched with the first search, not with this screen.
 */
export default function LandingScreen() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <Page heading={t('landing.heading')} intro={t('landing.intro')}>
      <SearchForm />
      <h2>{t('landing.more')}</h2>
      <ul className={styles.cards}>
        <li>
          <Link className={styles.card} to={paths.nearStops}>
            <span className={styles.cardTitle}>{t('landing.nearby')}</span>
            <span className={styles.cardDesc}>{t('landing.nearby.desc')}</span>
          </Link>
        </li>
        <li>
          <Link className={styles.card} to={paths.planner}>
            <span className={styles.cardTitle}>{t('landing.planner')}</span>
            <span className={styles.cardDesc}>{t('landing.planner.desc')}</span>
          </Link>
        </li>
        <li>
          <Link className={styles.card} to={paths.findMyBus}>
            <span className={styles.cardTitle}>{t('landing.findMyBus')}</span>
            <span className={styles.cardDesc}>{t('landing.findMyBus.desc')}</span>
          </Link>
        </li>
      </ul>
      <h2>{t('landing.favourites')}</h2>
      <Favourites />
    </Page>
  );
}
