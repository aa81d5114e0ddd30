// /premium-buses/premiumTicketPurchaseUsingPass: a seat for ₹0 with the rider's premium pass (its daily limit holds).
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { navigateToUrl } from 'single-spa';
import { loadPremiumPasses, loadPairs } from '../common/api';
import { flowPaths } from '../common/model';
import { ListSkeleton, LoadError, Page, PremiumGate, RequireSignIn, styles, useAsync, useT, useTimes } from '../common/ui';

/** /premium-buses/premiumTicketPurchaseUsingPass: a seat for ₹0 with the rider's premium pass (its daily limit holds). */
export function UsePassScreen() {
  const t = useT();
  return (
    <Page heading={t('pass.heading')} intro={t('pass.intro')} back={{ to: '/premium-buses', label: t('landing.heading') }}>
      <RequireSignIn>
        <PremiumGate>{(city) => <UsePass city={city} />}</PremiumGate>
      </RequireSignIn>
    </Page>
  );
}

function UsePass({ city }: { city: string }) {
  const t = useT();
  const { date } = useTimes();
  const data = useAsync(() => Promise.all([loadPremiumPasses(city), loadPairs(city, 'PREMIUM')]), city);
  const [chosen, setChosen] = useState<string | null>(null);
  if (data.status === 'loading') return <ListSkeleton />;
  if (data.status === 'error') return <LoadError error={data.error} onRetry={data.retry} />;
  const [passes, pairs] = data.data;
  if (!passes.length)
    return (
      <div className={styles.empty}>
        <p>{t('pass.none')}</p>
        <a
          href="/app/productHooks"
          onClick={(e) => {
            e.preventDefault();
            navigateToUrl('/app/productHooks');
          }}
        >
          {t('pass.buy')}
        </a>
      </div>
    );
  const passId = chosen ?? passes[0].passId;
  return (
    <>
      <fieldset className={styles.fieldset}>
        <legend>{t('pass.which')}</legend>
        {passes.map((p) => (
          <label key={p.passId} className={styles.option}>
            <input type="radio" name="pass" value={p.passId} checked={p.passId === passId} onChange={() => setChosen(p.passId)} />
            <span className={styles.optionBody}>
              <strong>{p.name}</strong>
              <span className={styles.small}>
                {p.ridesLeftThatDay === null ? t('pass.unlimited') : t('pass.left', { n: p.ridesLeftThatDay })} ·{' '}
                {t('pass.validTill', { date: date(p.validUntil) })}
              </span>
            </span>
          </label>
        ))}
      </fieldset>
      <h2>{t('pass.choose')}</h2>
      <ul className={styles.cards}>
        {pairs.map((p) => (
          <li key={`${p.line.id}:${p.from.stopId}:${p.to.stopId}`} className={styles.card}>
            <Link to={flowPaths('PREMIUM').slots(p.line.id, p.from.stopId, p.to.stopId, undefined, passId)}>
              {p.line.code}: {p.from.name} → {p.to.name}
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
