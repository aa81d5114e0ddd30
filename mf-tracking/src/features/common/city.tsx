import { useEffect, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useAtomValue } from 'jotai';
import { cityAtom } from '@sawari/runtime';
import { CityDocument, gql, type TransitCity } from './transit';
import styles from './tracking.module.css';

/** The rider's city id (chosen at onboarding or under Change city); null before they chose one. */
export const useCityId = (): string | null => useAtomValue(cityAtom);

const cityCache = new Map<string, Promise<TransitCity | null>>();
/** transitCity once per city and page (name and credit line change with a feed import, not within a visit). */
export function loadTransitCity(city: string): Promise<TransitCity | null> {
  let p = cityCache.get(city);
  if (!p) {
    p = gql(CityDocument, { city }).then((r) => r.transitCity);
    p.catch(() => cityCache.delete(city));
    cityCache.set(city, p);
  }
  return p;
}

export function useTransitCity(city: string | null): TransitCity | null {
  const [value, setValue] = useState<TransitCity | null>(null);
  useEffect(() => {
    if (!city) return;
    let live = true;
    loadTransitCity(city).then(
      (c) => live && setValue(c),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [city]);
  return value?.id === city ? value : null;
}

/** The feed's credit line (transitCity.attribution), shown wherever feed data is shown. Text only, never HTML. */
export function Attribution({ city }: { city: string | null }) {
  const intl = useIntl();
  const transit = useTransitCity(city);
  if (!transit?.attribution) return null;
  return <footer className={styles.attribution}>{intl.formatMessage({ id: 'common.dataCredit' }, { credit: transit.attribution })}</footer>;
}

/** Renders children with the city id, or asks the rider to choose a city first. */
export function WithCity({ children }: { children: (city: string) => ReactNode }) {
  const intl = useIntl();
  const city = useCityId();
  if (!city)
    return (
      <div className={styles.empty}>
        <p>{intl.formatMessage({ id: 'common.noCity' })}</p>
        <a href="/app/change-city">{intl.formatMessage({ id: 'common.chooseCity' })}</a>
      </div>
    );
  return <>{children(city)}</>;
}
