// /products-landing/:configId: one product (reached from a link) with its landing message, fares, terms and Buy.
import { useParams } from 'react-router-dom';
import { loadProduct } from '../common/api';
import { CityGate, ListSkeleton, LoadError, money, Page, paths, ProblemPanel, RequireSignIn, styles, useAsync, useT } from '../common/ui';
import { landingFares } from './links';
import { ProductCard } from './ProductsScreen';

/** /products-landing/:configId: one product with its landing message, fares, terms and Buy. */
export function ProductLandingScreen() {
  const t = useT();
  const { configId = '' } = useParams();
  return (
    <Page heading={t('landing.heading')} back={{ to: paths.home, label: t('common.allPasses') }}>
      <RequireSignIn>
        <CityGate>{(city) => <Landing city={city} configId={configId} />}</CityGate>
      </RequireSignIn>
    </Page>
  );
}

function Landing({ city, configId }: { city: string; configId: string }) {
  const t = useT();
  const product = useAsync(() => loadProduct(city, configId), `${city}/${configId}`);
  if (product.status === 'loading') return <ListSkeleton rows={3} />;
  if (product.status === 'error')
    return product.error.code === 'PRODUCT_NOT_FOUND' ? <ProblemPanel error={product.error} /> : <LoadError error={product.error} onRetry={product.retry} />;
  const p = product.data;
  return (
    <>
      <ProductCard product={p} city={city} detailed />
      <h2>{t('landing.fares')}</h2>
      <ul className={styles.cards}>
        {landingFares(p).map(({ category: c, fare: f, onSale }) => (
          <li key={f.fmId} className={styles.card}>
            <div className={styles.cardHead}>
              <span>
                <strong>{f.displayName}</strong> · {c.name}
              </span>
              <span className={styles.price}>{onSale ? money(f.discountedFare) : t('products.notOnSale')}</span>
            </div>
            <span className={styles.muted}>{f.desc}</span>
          </li>
        ))}
      </ul>
    </>
  );
}
