import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useCityConfig, type CityConfig } from '@sawari/runtime';
import { formatNumberIN } from '@sawari/domain';
import { Button } from '@sawari/ui';
import { ListSkeleton, LoadError, Page } from '../common/Page';
import { go } from '../common/nav';
import styles from '../common/page.module.css';
import { CityPicker } from '../city/CityPicker';
import { LanguageOptions } from '../language/LanguageOptions';
import { useNearestCity } from './useNearestCity';

/** Mumbai riders also choose their home cluster (/on-boarding-mumbai). */
export const needsHomeCluster = (city: CityConfig): boolean => city.homeClusters.length > 0;

function CityStep() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const { cityId, setCity, cities, clusters, status, error, retry } = useCityConfig();
  const { state, locate } = useNearestCity(cities);
  const choose = (city: CityConfig) => {
    setCity(city.id);
    go(needsHomeCluster(city) ? '/on-boarding-mumbai' : '/');
  };
  if (status === 'error') return <LoadError error={error} onRetry={retry} />;
  if (cities.length === 0) return <ListSkeleton rows={6} />;
  return (
    <>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={locate} disabled={state.status === 'locating'}>
          {t('onboarding.locate')}
        </Button>
      </div>
      <div role="status">
        {state.status === 'locating' && <p>{t('onboarding.locating')}</p>}
        {state.status === 'denied' && <p>{t('onboarding.locationDenied')}</p>}
        {state.status === 'failed' && <p>{t('onboarding.locationFailed')}</p>}
        {state.status === 'found' && (
          <div className={styles.notice}>
            <p>{t('onboarding.nearest', { city: state.city.name, distance: formatNumberIN(Math.round(state.km)) })}</p>
            <Button onClick={() => choose(state.city)}>{t('onboarding.useNearest', { city: state.city.name })}</Button>
          </div>
        )}
      </div>
      <CityPicker data={{ cities, clusters }} currentId={cityId} onSelect={choose} />
    </>
  );
}

/** /onboarding: language first, then city (nearest by location when allowed, or the full list). */
export default function OnboardingScreen() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, number>) => intl.formatMessage({ id }, values);
  const [step, setStep] = useState<1 | 2>(1);
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  useEffect(() => {
    // A new step is like a new screen: its heading takes the focus (not on arrival, the layout does that).
    if (moved.current) stepHeading.current?.focus();
    moved.current = true;
  }, [step]);
  return (
    <Page heading={t('onboarding.heading')}>
      <p className={styles.hint}>{t('onboarding.step', { step })}</p>
      <h2 ref={stepHeading} tabIndex={-1}>
        {t(step === 1 ? 'onboarding.language.heading' : 'onboarding.city.heading')}
      </h2>
      {step === 1 ? (
        <>
          <LanguageOptions legend={t('language.intro')} />
          <div className={styles.actions}>
            <Button onClick={() => setStep(2)}>{t('onboarding.continue')}</Button>
          </div>
        </>
      ) : (
        <CityStep />
      )}
    </Page>
  );
}
