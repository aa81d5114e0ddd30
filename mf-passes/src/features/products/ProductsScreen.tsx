// /productHooks, /productHooks/products, /productHooks/allProducts, /products-landing: the city's pass catalogue, the
// rider's passes (with Renew) and orders in verification (with Resubmit or Buy).
import { lastValidInstant } from '@sawari/domain';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { PassOrder } from '@sawari/contracts';
import { serverNow } from '@sawari/runtime';
import { Button } from '@sawari/ui';
import { loadCatalogue, loadMyPasses, loadOpenOrders, renewPass } from '../common/api';
import {
  cityDate,
  fromPrice,
  passLabel,
  purchasableFares,
  renewalStart,
  validityNoteId,
  verificationState,
  type MyPass,
  type Product,
  type VerificationState,
} from '../common/model';
import { useFlow } from '../common/flow';
import { startFlow } from '../common/model';
import { CityGate, ListSkeleton, LoadError, Page, paths, ProblemPanel, RequireSignIn, money, styles, useAsync, useDate, useDayTime, useT } from '../common/ui';

export default function ProductsScreen() {
  const t = useT();
  return (
    <Page heading={t('products.heading')} intro={t('products.intro')}>
      <RequireSignIn>
        <CityGate>{(city, cityName) => <Catalogue city={city} cityName={cityName} />}</CityGate>
      </RequireSignIn>
    </Page>
  );
}

function Catalogue({ city, cityName }: { city: string; cityName: string }) {
  const t = useT();
  const catalogue = useAsync(() => loadCatalogue(city), city);
  return (
    <>
      <YourPasses city={city} />
      <h2>{t('products.catalogue', { city: cityName })}</h2>
      {catalogue.status === 'loading' && <ListSkeleton rows={4} />}
      {catalogue.status === 'error' &&
        (catalogue.error.code === 'PASSES_NOT_ENABLED' ? (
          <ProblemPanel error={catalogue.error} />
        ) : (
          <LoadError error={catalogue.error} onRetry={catalogue.retry} />
        ))}
      {catalogue.status === 'ready' &&
        (catalogue.data.products.length === 0 ? (
          <p className={styles.empty}>{t('products.none')}</p>
        ) : (
          <ul className={styles.cards}>
            {catalogue.data.products.map((p) => (
              <li key={p.id}>
                <ProductCard product={p} city={city} />
              </li>
            ))}
          </ul>
        ))}
    </>
  );
}

/** One product: name, price from ₹, landing message, where it is valid, features, bank offers, terms, Buy. */
export function ProductCard({ product: p, city, bank, detailed = false }: { product: Product; city: string; bank?: string; detailed?: boolean }) {
  const t = useT();
  const navigate = useNavigate();
  const [, setFlow] = useFlow();
  const price = fromPrice(p);
  const onSaleFares = purchasableFares(p);
  const features = [...new Set((onSaleFares.length ? onSaleFares : Object.values(p.fareMapping).flat()).flatMap((f) => f.specialFeatures))];
  const notes = [...new Set([validityNoteId(p), ...p.subCategory.map((s) => validityNoteId(p, s))].filter((x): x is string => !!x))];
  const proof = onSaleFares.some((f) => f.proofRequired);
  const onSale = p.isActive && price !== null;
  const headingId = `product-${p.id}`;
  const buy = () => {
    setFlow((f) => ({ ...startFlow(f, city, p.id), bankOffer: bank ?? (f.city === city && f.configId === p.id ? f.bankOffer : null) }));
    navigate(paths.subCategory(p.id));
  };
  return (
    <article className={`${styles.card} ${onSale ? '' : styles.cardInactive}`} aria-labelledby={headingId}>
      <div className={styles.cardHead}>
        <h3 id={headingId}>{p.name}</h3>
        {onSale ? (
          <span className={styles.price}>{t('products.from', { price: money(price) })}</span>
        ) : (
          <span className={`${styles.badge} ${styles.badgeWarn}`}>{t('products.notOnSale')}</span>
        )}
      </div>
      {p.landingMessage && <p>{p.landingMessage}</p>}
      {notes.map((n) => (
        <p key={n} className={`${styles.muted} ${styles.small}`}>
          {t(n)}
        </p>
      ))}
      {features.length > 0 && (
        <ul className={styles.features} aria-label={t('products.features')}>
          {features.map((f) => (
            <li key={f}>{f}</li>
          ))}
        </ul>
      )}
      {proof && <p className={styles.small}>{t('products.needsProof')}</p>}
      {p.bankOffers.map((o) => (
        <span key={o.bank} className={styles.offer}>
          {t('products.bankOffer', { bank: o.bank, percent: o.percentOff })}
        </span>
      ))}
      {p.terms.length > 0 && (
        <details open={detailed}>
          <summary>{t('products.terms')}</summary>
          <ul className={styles.terms}>
            {p.terms.map((term) => (
              <li key={term}>{term}</li>
            ))}
          </ul>
        </details>
      )}
      <p className={styles.actions}>
        {onSale ? (
          <Button onClick={buy} aria-describedby={headingId}>
            {t('products.buy')}
          </Button>
        ) : (
          <span className={styles.muted}>{t('error.PRODUCT_INACTIVE')}</span>
        )}
        {!detailed && (
          <Link to={paths.landing(p.id)} aria-label={t('products.detailsOf', { name: p.name })}>
            {t('products.details')}
          </Link>
        )}
      </p>
    </article>
  );
}

const BADGE: Record<string, string> = {
  'label.validTill': 'badgeOk',
  'label.startsFrom': 'badgeOk',
  'label.expiredOn': 'badgeBad',
  'label.verificationRejected': 'badgeBad',
  'label.failed': 'badgeBad',
};

/** The rider's passes in this city (GET /api/passes/mine) and orders still in verification (GET /api/passes/orders). */
function YourPasses({ city }: { city: string }) {
  const t = useT();
  const date = useDate();
  const dayTime = useDayTime();
  const navigate = useNavigate();
  const passes = useAsync(() => Promise.all([loadMyPasses(), loadOpenOrders(), loadCatalogue(city).catch(() => null)]), city);
  const [renewing, setRenewing] = useState<string | null>(null);
  const [problem, setProblem] = useState<{ code?: string; message?: string } | null>(null);
  const now = serverNow();
  const renew = async (p: MyPass) => {
    setRenewing(p.passId);
    setProblem(null);
    try {
      const order = await renewPass(p.passId, renewalStart(p, cityDate(serverNow())));
      navigate(paths.afterVerification(order.transactionId, true));
    } catch (err) {
      setProblem(err as { code?: string; message?: string });
      setRenewing(null);
    }
  };
  if (passes.status === 'loading') return <ListSkeleton rows={1} />;
  if (passes.status === 'error')
    return (
      <>
        <h2>{t('mine.heading')}</h2>
        <LoadError error={passes.error} onRetry={passes.retry} />
      </>
    );
  const [mine, orders, catalogue] = passes.data;
  const nameOf = (configId: string) => catalogue?.products.find((x) => x.id === configId)?.name ?? t('products.heading');
  const here = mine.filter((p) => p.city === city);
  const open = orders.filter((o) => o.city === city);
  if (here.length === 0 && open.length === 0) return null;
  return (
    <>
      {open.length > 0 && (
        <>
          <h2>{t('orders.heading')}</h2>
          <ul className={styles.cards}>
            {open.map((o) => (
              <li key={o.transactionId}>
                <OpenOrder order={o} name={nameOf(o.configurationId)} />
              </li>
            ))}
          </ul>
        </>
      )}
      {here.length > 0 && (
        <>
          <h2>{t('mine.heading')}</h2>
          <ProblemPanel error={problem} />
          <ul className={styles.cards}>
            {here.map((p) => {
              const label = passLabel(p, now);
              return (
                <li key={p.passId}>
                  <article className={styles.card} aria-labelledby={`pass-${p.passId}`}>
                    <div className={styles.cardHead}>
                      <h3 id={`pass-${p.passId}`}>
                        {nameOf(p.configurationId)}: {t('mine.pass', { category: p.categoryName, days: p.numOfDays })}
                      </h3>
                      <span className={`${styles.badge} ${styles[BADGE[label.id] ?? 'badgeWarn']}`}>
                        {t(label.id, label.date ? { date: label.withTime ? dayTime(label.date) : date(label.date) } : undefined)}
                      </span>
                    </div>
                    <p className={`${styles.small} ${styles.muted}`}>
                      {t('mine.dates', { from: date(p.startTime), to: date(lastValidInstant(p.expiryTime)) })}
                    </p>
                    <p className={styles.actions}>
                      <Link to={paths.wallet}>{t('mine.open')}</Link>
                      {p.isRenewable && (
                        <Button
                          variant="secondary"
                          onClick={() => void renew(p)}
                          disabled={renewing !== null}
                          aria-label={t('mine.renewOf', { category: p.categoryName, days: p.numOfDays })}
                        >
                          {renewing === p.passId ? t('mine.renewing') : t('mine.renew')}
                        </Button>
                      )}
                    </p>
                  </article>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </>
  );
}

// An open order (the server lists those in verification, or verified and unpaid) in this list's words: orders.<word>.
// A bought or closed one (an old answer) reads as what it is for buying: nothing left to do but to see it.
const ORDER_WORD = {
  beingChecked: 'submitted',
  notSubmitted: 'notSubmitted',
  rejected: 'rejected',
  approved: 'verified',
  bought: 'verified',
  closed: 'verified',
} as const satisfies Record<VerificationState, string>;

function OpenOrder({ order: o, name }: { order: PassOrder; name: string }) {
  const t = useT();
  const date = useDate();
  // the one rule of an order's verification (common/model verificationState)
  const state = ORDER_WORD[verificationState(o)];
  return (
    <article className={styles.card}>
      <div className={styles.cardHead}>
        <h3>
          {name}: {t('orders.order', { start: date(o.passStartDate) })}
        </h3>
        <span className={`${styles.badge} ${styles[state === 'rejected' ? 'badgeBad' : state === 'verified' ? 'badgeOk' : 'badgeWarn']}`}>
          {t(`orders.${state}`)}
        </span>
      </div>
      {state === 'rejected' && o.rejectionReason && <p>{t('orders.reason', { reason: o.rejectionReason })}</p>}
      <p className={styles.actions}>
        {state === 'rejected' && (
          <Link className={styles.linkButton} to={paths.resubmit(o.transactionId)}>
            {t('orders.resubmit')}
          </Link>
        )}
        {state === 'verified' && (
          <Link className={styles.linkButton} to={paths.afterVerification(o.transactionId, o.isRenew)}>
            {t('orders.buy')}
          </Link>
        )}
        {(state === 'submitted' || state === 'notSubmitted') && <Link to={paths.pending(o.transactionId)}>{t('orders.status')}</Link>}
      </p>
    </article>
  );
}
