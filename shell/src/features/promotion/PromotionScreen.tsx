import { useState } from 'react';
import { useIntl } from 'react-intl';
import { api, checkoutReturnPath, useCityConfig } from '@sawari/runtime';
import type { TrialOffer, TrialOfferClaim } from '@sawari/contracts';
import { Button } from '@sawari/ui';
import { formatDate } from '../common/format';
import { AppLink } from '../common/nav';
import { EmptyState, ListSkeleton, LoadError, Page } from '../common/Page';
import { RequireSession } from '../common/session';
import { asApiError, useAsync } from '../common/useAsync';
import styles from '../common/page.module.css';
import own from './promotion.module.css';

/** The offer errors of spec §8, said kindly in the rider's language; anything else is a generic failure. */
const CLAIM_ERRORS: Record<string, string> = {
  DIGITAL_OFFER_ALREADY_AVAILED: 'promotion.error.alreadyAvailed',
  DIGITAL_OFFER_NOT_ALLOWED: 'promotion.error.notAllowed',
  OFFER_NOT_APPLICABLE: 'promotion.error.noPass',
  NETWORK_ERROR: 'common.error.network',
};

/** GET /api/offers/trial?city=: the offer, or null when the city has none (404 OFFER_NOT_FOUND). */
async function fetchOffer(city: string): Promise<TrialOffer | null> {
  try {
    return await api.get<TrialOffer>('/offers/trial', { params: { city } });
  } catch (err) {
    if (asApiError(err).status === 404) return null;
    throw err;
  }
}

function OfferCard({ offer, cityId }: { offer: TrialOffer; cityId: string }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [claiming, setClaiming] = useState(false);
  const [claim, setClaim] = useState<TrialOfferClaim | null>(null);
  // An offer this rider already used, or may not use, says so before any Claim is pressed.
  const [error, setError] = useState<string | null>(
    offer.claimed ? 'promotion.error.alreadyAvailed' : offer.eligible === false ? 'promotion.error.notAllowed' : null,
  );
  const doClaim = async () => {
    setClaiming(true);
    setError(null);
    try {
      setClaim(await api.post<TrialOfferClaim>('/offers/trial/claim', { city: cityId }));
    } catch (err) {
      setError(CLAIM_ERRORS[asApiError(err).code] ?? 'common.error.generic');
    } finally {
      setClaiming(false);
    }
  };
  return (
    <article className={`${styles.card} ${own.offer}`} aria-labelledby="offer-title">
      <p className={own.kind}>{t(`promotion.kind.${offer.kind}`)}</p>
      <h2 id="offer-title">{offer.title}</h2>
      <p>{offer.description}</p>
      <p className={styles.hint}>{t('promotion.validity', { days: offer.validityDays })}</p>
      {!claim && !error && (
        <Button onClick={doClaim} disabled={claiming}>
          {claiming ? t('promotion.claiming') : t('promotion.claim')}
        </Button>
      )}
      <div role="status">
        {claim && (
          <>
            <p className={styles.notice}>{t('promotion.claimed', { date: formatDate(claim.validUntil, intl.locale) })}</p>
            {/* The claim issued the pass the offer promises (docs/money-integrity.md): show it where paid passes land. */}
            <p>
              <AppLink to={checkoutReturnPath('pass', { orderId: claim.transactionId, transactionId: claim.transactionId })}>{t('promotion.seePass')}</AppLink>
            </p>
          </>
        )}
      </div>
      <div role="alert">{error && <p className={styles.alert}>{t(error)}</p>}</div>
    </article>
  );
}

function PromotionContent() {
  const intl = useIntl();
  const { cityId, city } = useCityConfig();
  const offer = useAsync(cityId ? () => fetchOffer(cityId) : null, cityId ?? '');
  if (!cityId)
    return (
      <p>
        {intl.formatMessage({ id: 'promotion.noCity' })} <AppLink to="/change-city">{intl.formatMessage({ id: 'home.chooseCity' })}</AppLink>
      </p>
    );
  if (offer.status === 'loading') return <ListSkeleton rows={1} />;
  if (offer.status === 'error') return <LoadError error={offer.error} onRetry={offer.retry} />;
  if (!offer.data)
    return (
      <EmptyState heading={intl.formatMessage({ id: 'promotion.empty.heading' })}>
        <p>{intl.formatMessage({ id: 'promotion.empty.body' }, { city: city?.name ?? cityId })}</p>
      </EmptyState>
    );
  return <OfferCard offer={offer.data} cityId={cityId} />;
}

/** /promotion: the trial or welcome offer for the current city, with a Claim button. */
export default function PromotionScreen() {
  const intl = useIntl();
  return (
    <Page heading={intl.formatMessage({ id: 'promotion.heading' })}>
      <RequireSession path="/promotion">
        <PromotionContent />
      </RequireSession>
    </Page>
  );
}
