// /premium-buses/search-stops-premium-buses: boarding and drop stops (stop-pair search).
import { Link, useSearchParams } from 'react-router-dom';
import { useDuration } from '@sawari/ui/src/duration';
import { loadPairs } from '../common/api';
import { flowPaths } from '../common/model';
import { ListSkeleton, LoadError, money, Page, PremiumGate, RequireSignIn, styles, useAsync, useT } from '../common/ui';

/** /premium-buses/search-stops-premium-buses: boarding and drop stops (stop-pair search). */
export function SearchScreen() {
  const t = useT();
  return (
    <Page heading={t('search.heading')} back={{ to: '/premium-buses', label: t('landing.heading') }}>
      <RequireSignIn>
        <PremiumGate>{(city) => <Search city={city} />}</PremiumGate>
      </RequireSignIn>
    </Page>
  );
}

function Search({ city }: { city: string }) {
  const t = useT();
  const { duration } = useDuration();
  const [params, setParams] = useSearchParams();
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const pairs = useAsync(() => loadPairs(city, 'PREMIUM'), city);
  if (pairs.status === 'loading') return <ListSkeleton />;
  if (pairs.status === 'error') return <LoadError error={pairs.error} onRetry={pairs.retry} />;
  const stops = new Map<string, string>();
  for (const p of pairs.data) {
    stops.set(p.from.stopId, p.from.name);
    stops.set(p.to.stopId, p.to.name);
  }
  const sorted = [...stops].sort((a, b) => a[1].localeCompare(b[1]));
  const matches = pairs.data.filter((p) => (!from || p.from.stopId === from) && (!to || p.to.stopId === to));
  const set = (k: 'from' | 'to', v: string) => {
    const next = new URLSearchParams(params);
    if (v) next.set(k, v);
    else next.delete(k);
    setParams(next, { replace: true });
  };
  return (
    <>
      {(['from', 'to'] as const).map((k) => (
        <div key={k} className={styles.field}>
          <label htmlFor={`${k}-stop`}>{t(`search.${k}`)}</label>
          <select id={`${k}-stop`} className={styles.input} value={k === 'from' ? from : to} onChange={(e) => set(k, e.target.value)}>
            <option value="">{t('search.any')}</option>
            {sorted.map(([id, name]) => (
              <option key={id} value={id}>
                {name}
              </option>
            ))}
          </select>
        </div>
      ))}
      <h2 aria-live="polite">{t('search.results', { n: matches.length })}</h2>
      {matches.length === 0 ? (
        <p className={styles.empty}>{t('search.noneBetween')}</p>
      ) : (
        <ul className={styles.cards}>
          {matches.map((p) => (
            <li key={`${p.line.id}:${p.from.stopId}:${p.to.stopId}`} className={styles.card}>
              <div className={styles.cardHead}>
                <h3>
                  {p.from.name} → {p.to.name}
                </h3>
                <span className={styles.price}>{money(p.fares.adult ?? 0)}</span>
              </div>
              <p className={styles.small}>
                {p.line.code} · {p.line.name} · <span className={styles.badge}>{t(p.line.isAc ? 'line.ac' : 'line.nonAc')}</span> ·{' '}
                {t('search.minutes', { time: duration(p.to.offsetMin - p.from.offsetMin) })}
              </p>
              <Link className={styles.linkSecondary} to={flowPaths('PREMIUM').slots(p.line.id, p.from.stopId, p.to.stopId)}>
                {t('search.slots', { from: p.from.name, to: p.to.name })}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
