// /premium-buses/view-premium-product?lineId=: a line's stops and its fares per stop pair.
import { Link, useSearchParams } from 'react-router-dom';
import { useDuration } from '@sawari/ui/src/duration';
import { loadPairs } from '../common/api';
import { flowPaths } from '../common/model';
import { ListSkeleton, LoadError, money, Page, PremiumGate, RequireSignIn, styles, useAsync, useT, useLineText } from '../common/ui';

/** /premium-buses/view-premium-product?lineId=: a line's stops, fares per stop pair and category. */
export function ProductScreen() {
  const t = useT();
  const [params] = useSearchParams();
  const lineId = params.get('lineId') ?? '';
  return (
    <Page heading={t('product.heading')} back={{ to: '/premium-buses', label: t('landing.heading') }}>
      <RequireSignIn>
        <PremiumGate>{(city) => <Product city={city} lineId={lineId} />}</PremiumGate>
      </RequireSignIn>
    </Page>
  );
}

function Product({ city, lineId }: { city: string; lineId: string }) {
  const t = useT();
  const { duration } = useDuration();
  const lineText = useLineText();
  const pairs = useAsync(() => loadPairs(city, 'PREMIUM'), city);
  if (pairs.status === 'loading') return <ListSkeleton />;
  if (pairs.status === 'error') return <LoadError error={pairs.error} onRetry={pairs.retry} />;
  const mine = pairs.data.filter((p) => p.line.id === lineId);
  if (!mine.length) return <p className={styles.empty}>{t('product.unknown')}</p>;
  const line = mine[0].line;
  return (
    <>
      <h2>
        {line.code} · {line.name} <span className={styles.badge}>{t(line.isAc ? 'line.ac' : 'line.nonAc')}</span>
      </h2>
      <p>{lineText(line, line.description)}</p>
      <h3>{t('product.stops')}</h3>
      <ol className={styles.stops}>
        {line.stops.map((s) => (
          <li key={s.stopId}>
            {s.name} <span className={styles.muted}>{t('product.offset', { time: duration(s.offsetMin) })}</span>
          </li>
        ))}
      </ol>
      <table className={styles.breakup}>
        <caption>{t('product.fares')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('product.pair')}</th>
            <th scope="col">{t('cat.adult')}</th>
          </tr>
        </thead>
        <tbody>
          {mine.map((p) => (
            <tr key={`${p.from.stopId}:${p.to.stopId}`}>
              <th scope="row">
                <Link to={flowPaths('PREMIUM').slots(line.id, p.from.stopId, p.to.stopId)}>
                  {p.from.name} → {p.to.name}
                </Link>
              </th>
              <td>{money(p.fares.adult ?? 0)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
