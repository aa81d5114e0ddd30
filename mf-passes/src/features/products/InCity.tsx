// The deep links' gates: the link's city (switched to when it is another one) and a redirect that waits for them.
import { useEffect, type ReactNode } from 'react';
import { useCityConfig } from '@sawari/runtime';
import { ListSkeleton, LoadError, styles, useT } from '../common/ui';

/** Runs `run` once when shown (a redirect that waits for its gates). */
export function Redirect({ run }: { run: () => void }) {
  useEffect(() => {
    run();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return <ListSkeleton rows={2} />;
}

/** Switches the rider's city to `city` when it is another one (and exists), then renders children. */
export function InCity({ city, children }: { city: string; children: ReactNode }) {
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
