// /airport-experience and /airport-experience/:city: the airport express lines to book (each to its farthest stop),
// the ETA lists, or a way to Mumbai where the rider's city has no airport express.
import { formatPaise } from '@sawari/domain';
import { RouteBadge } from '@sawari/ui/src/route-badge';
import { ListSkeleton, LoadError } from '@sawari/ui/src/intl';
import { useAsync } from '@sawari/ui/src/async';
import type { ScreenProps } from '../screen';
import { loadAirportPairs } from './api';
import { Frame, linkTo, styles, useT } from './frame';
import { linesToBook, slotsPath } from './model';
import { useAirportCity } from './useAirportCity';

export function ExperienceScreen({ params }: ScreenProps) {
  return (
    <Frame heading="experience.heading">
      <Experience cityParam={params.city} />
    </Frame>
  );
}

function Experience({ cityParam }: { cityParam?: string }) {
  const t = useT();
  const c = useAirportCity(cityParam);
  if (c.loading) return <ListSkeleton />;
  if (!c.city || !c.ok)
    return (
      <div className={styles.warn}>
        <p>{t('experience.noAirport')}</p>
        <p className={styles.actions}>
          <a {...linkTo('/airport-experience/mumbai')}>{t('experience.mumbai')}</a>
          <a href="/app/change-city">{t('experience.changeCity')}</a>
        </p>
      </div>
    );
  return <AirportLines city={c.city} />;
}

function AirportLines({ city }: { city: string }) {
  const t = useT();
  const pairs = useAsync(() => loadAirportPairs(city), city);
  if (pairs.status === 'loading') return <ListSkeleton />;
  if (pairs.status === 'error') return <LoadError error={pairs.error} onRetry={pairs.retry} />;
  if (!pairs.data.length) return <p className={styles.empty}>{t('experience.none')}</p>;
  return (
    <>
      <p className={styles.intro}>{t('experience.intro')}</p>
      <p className={styles.actions}>
        <a className={styles.linkSecondary} {...linkTo('/airport-experience/eta/from-airport')}>
          {t('eta.from.link')}
        </a>
        <a className={styles.linkSecondary} {...linkTo('/airport-experience/eta/to-airport')}>
          {t('eta.to.link')}
        </a>
      </p>
      <h2>{t('experience.book')}</h2>
      <ul className={styles.cards}>
        {linesToBook(pairs.data).map(({ line, pair: last }) => (
          <li key={line.id} className={styles.card}>
            <div className={styles.cardHead}>
              <h3>
                <RouteBadge shortName={line.code} color={line.color} textColor={line.textColor} /> · {line.name}
              </h3>
              <span className={styles.price}>{formatPaise(last.fares.adult ?? 0)}</span>
            </div>
            <p className={styles.small}>{t('experience.stops', { stops: line.stops.map((s) => s.name).join(' → ') })}</p>
            <a className={styles.linkButton} {...linkTo(slotsPath(line, last))} aria-label={t('experience.chooseTo', { to: last.to.name, code: line.code })}>
              {t('experience.choose')}
            </a>
          </li>
        ))}
      </ul>
    </>
  );
}
