// Screens reached from links (a notification, an ad, another app): one product's landing page, a bank's offers in a
// city, and the deep links that switch city when needed and go straight into the purchase (or to the tickets remote).
import { useEffect, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useCityConfig } from '@sawari/runtime';
import { loadCatalogue, loadProduct } from '../common/api';
import { useFlow } from '../common/flow';
import { chooseFare, startFlow, type Flow } from '../common/model';
import { CityGate, ListSkeleton, LoadError, money, Page, paths, ProblemPanel, RequireSignIn, styles, useAsync, useT } from '../common/ui';
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
        {p.categories.flatMap((c) =>
          (p.fareMapping[c.id] ?? []).map((f) => (
            <li key={f.fmId} className={styles.card}>
              <div className={styles.cardHead}>
                <span>
                  <strong>{f.displayName}</strong> · {c.name}
                </span>
                <span className={styles.price}>{f.isActive && c.isActive ? money(f.discountedFare) : t('products.notOnSale')}</span>
              </div>
              <span className={styles.muted}>{f.desc}</span>
            </li>
          )),
        )}
      </ul>
    </>
  );
}

/** Runs `run` once when shown (a redirect that waits for its gates). */
function Redirect({ run }: { run: () => void }) {
  useEffect(() => {
    run();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return <ListSkeleton rows={2} />;
}

/** Switches the rider's city to `city` when it is another one (and exists), then renders children. */
function InCity({ city, children }: { city: string; children: ReactNode }) {
  const t = useT();
  const { cityId, cities, status, error, retry, setCity } = useCityConfig();
  const known = cities.find((c) => c.id === city);
  useEffect(() => {
    if (known && cityId !== city) setCity(city);
  }, [known, cityId, city, setCity]);
  if (status === 'error') return <LoadError error={error} onRetry={() => void retry()} />;
  if (status !== 'ready') return <ListSkeleton />;
  if (!known)
    return (
      <div className={styles.empty}>
        <p>{t('city.unknown')}</p>
        <a href="/app/change-city">{t('city.choose')}</a>
      </div>
    );
  if (cityId !== city) return <ListSkeleton />;
  return <>{children}</>;
}

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
  const withOffer = catalogue.data.products.filter((p) => p.bankOffers.some((o) => o.bank.toUpperCase() === bank));
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

/** A deep link into the purchase: signed in, in the link's city (switched to), where passes are sold; then `start`
 * updates the flow and the link is replaced by `to` in the history. */
function IntoPurchase({ city, to, start }: { city: string; to: string; start: (flow: Flow) => Flow }) {
  const t = useT();
  const navigate = useNavigate();
  const [, setFlow] = useFlow();
  const go = () => {
    setFlow(start);
    navigate(to, { replace: true });
  };
  return (
    <Page heading={t('link.heading')}>
      <RequireSignIn>
        <InCity city={city}>
          <CityGate>{() => <Redirect run={go} />}</CityGate>
        </InCity>
      </RequireSignIn>
    </Page>
  );
}

/** /book/bookProduct/:city/:configId: into the purchase of one product. */
export function BookProductScreen() {
  const { city = '', configId = '' } = useParams();
  return <IntoPurchase city={city} to={paths.subCategory(configId)} start={(f) => startFlow(f, city, configId)} />;
}

/** /buy-pass/:city/:configId/:category/:subCategory/:fmId: straight to the fare confirmation. */
export function BuyPassScreen() {
  const { city = '', configId = '', category = '', subCategory = '', fmId = '' } = useParams();
  return (
    <IntoPurchase city={city} to={paths.confirmFare(configId)} start={(f) => chooseFare(startFlow(f, city, configId), category, fmId, subCategory || null)} />
  );
}

/** /book/bookTicket/:city/:routeId: tickets belong to the tickets remote (/one-way-ticket). */
export function BookTicketScreen() {
  const t = useT();
  const { city = '', routeId = '' } = useParams();
  const navigate = useNavigate();
  const go = () => navigate(`/one-way-ticket?city=${encodeURIComponent(city)}&routeId=${encodeURIComponent(routeId)}`, { replace: true });
  return (
    <Page heading={t('link.heading')}>
      <InCity city={city}>
        <Redirect run={go} />
      </InCity>
    </Page>
  );
}
