// /offers/:bank/:city: the city's passes with this bank's offer (the city switched to when needed); Buy starts the
// purchase with the offer chosen.
import { useParams } from 'react-router-dom';
import { loadCatalogue } from '../common/api';
import { CityGate, ListSkeleton, LoadError, Page, paths, RequireSignIn, styles, useAsync, useT } from '../common/ui';
import { InCity } from './InCity';
import { withBankOffer } from './links';
import { ProductCard } from './ProductsScreen';

/** /offers/:bank/:city: the city's passes with this bank's offer; Buy starts the purchase with the offer chosen. */
export function OffersScreen() {
  const t = useT();
  const { bank = '', city = '' } = useParams();
  return (
    <Page heading={t('offers.heading', { bank: bank.toUpperCase() })} back={{ to: paths.home, label: t('common.allPasses') }}>
      <RequireSignIn>
        <InCity city={city}>
          <CityGate>{(c) => <Offers city={c} bank={bank.toUpperCase()} />}</CityGate>
        </InCity>
      </RequireSignIn>
    </Page>
  );
}

function Offers({ city, bank }: { city: string; bank: string }) {
  const t = useT();
  const catalogue = useAsync(() => loadCatalogue(city), city);
  if (catalogue.status === 'loading') return <ListSkeleton rows={3} />;
  if (catalogue.status === 'error') return <LoadError error={catalogue.error} onRetry={catalogue.retry} />;
  const withOffer = withBankOffer(catalogue.data.products, bank);
  if (!withOffer.length) return <p className={styles.empty}>{t('offers.none', { bank })}</p>;
  return (
    <>
      <p>{t('offers.intro', { bank })}</p>
      <ul className={styles.cards}>
        {withOffer.map((p) => (
          <li key={p.id}>
            <ProductCard product={p} city={city} bank={bank} />
          </li>
        ))}
      </ul>
    </>
  );
}
