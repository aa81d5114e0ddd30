import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { useAtomValue } from 'jotai';
import type { Favourite } from '@sawari/contracts';
import { api, deployedRemotesAtom, homeTiles, isServed, languageAtom, localised, sessionAtom, sessionLoadedAtom, useCityConfig } from '@sawari/runtime';
import { LANGUAGES } from '../../i18n/catalogs';
import { ListSkeleton, LoadError, Page } from '../common/Page';
import { AppLink, go } from '../common/nav';
import styles from '../common/page.module.css';
import own from './home.module.css';
import { AIRPORT_BOARDS, MORE_LINKS } from './entries';
import { ActiveItem } from './ActiveItem';
import { useAsync } from '../common/useAsync';
import { Notices } from './Notices';
import { Nearby } from './Nearby';
import { Favourites } from './Favourites';
import { LastTrip } from './LastTrip';
import { SectionProblem } from './SectionProblem';

/**
 * Home answers "what do I need right now": the ticket or pass to show, the next buses near them (or at their saved
 * stop), then the few newest notices that need the rider, their saved stops and routes, the last trip planned; then the city's products, and the
 * city and language with ways to change them. Signed out: the same buses and the products, with sign-in offered.
 */
export default function HomeScreen() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const { cityId, city, status, error, retry, isFeatureEnabled } = useCityConfig();
  const lang = useAtomValue(languageAtom);
  const languageName = LANGUAGES.find((l) => l.code === lang)?.name ?? 'English';
  // Tiles and links come from the remotes deployed now (remotes.json): Home never links to a route nobody serves.
  const remotes = useAtomValue(deployedRemotesAtom);
  const sessionLoaded = useAtomValue(sessionLoadedAtom);
  const signedIn = !!useAtomValue(sessionAtom).accessToken;
  const [nearStop, setNearStop] = useState<string | null>(null);
  const favourites = useAsync(signedIn ? () => api.get<{ favourites: Favourite[] }>('/favourites') : null, `fav|${signedIn}`);

  // First visit: no city chosen yet, so onboarding first (replace: Back does not return to an empty home).
  useEffect(() => {
    if (!cityId) go('/onboarding', { replace: true });
  }, [cityId]);
  if (!cityId) return null;

  let body: React.ReactNode;
  if (status === 'error') body = <LoadError error={error} onRetry={retry} />;
  else if (!city && status !== 'ready') body = <ListSkeleton rows={4} />;
  else if (!city)
    body = (
      <p>
        {t('home.cityGone')} <AppLink to="/change-city">{t('home.chooseCity')}</AppLink>
      </p>
    );
  else {
    const entries = homeTiles(remotes).filter((e) => !e.feature || isFeatureEnabled(e.feature));
    const tracking = isServed('/live-tracking', remotes);
    const saved = signedIn && favourites.status === 'ready' ? favourites.data.favourites : [];
    const favouriteStop = saved.find((f) => f.kind === 'stop' && f.city === city.id) ?? null;
    body = (
      <>
        {isServed('/your-tickets-and-passes', remotes) && <ActiveItem city={city} soundValidation={isFeatureEnabled('soundValidation')} />}
        {sessionLoaded && !signedIn && (
          <p className={own.signIn}>
            {t('home.signInWhy')} <AppLink to="/login">{t('home.signIn')}</AppLink>
          </p>
        )}
        {tracking && sessionLoaded && (!signedIn || favourites.status !== 'loading') && (
          <Nearby city={city.id} favouriteStop={favouriteStop} onShowsStop={setNearStop} />
        )}
        {/* Below the next buses: what happened that the rider did not see (the few newest, dismissable together). */}
        {signedIn && <Notices />}
        {tracking && signedIn && favourites.status === 'ready' && <Favourites city={city.id} favourites={saved} skipStop={nearStop} />}
        {tracking && signedIn && favourites.status === 'error' && (
          <section aria-labelledby="home-favourites">
            <h2 id="home-favourites">{t('home.fav.heading')}</h2>
            <SectionProblem error={favourites.error} message={t('home.fav.error')} onRetry={favourites.retry} />
          </section>
        )}
        {tracking && <LastTrip city={city.id} />}
        <section aria-labelledby="home-services">
          <h2 id="home-services" className={own.cityHeading}>
            {t('home.services.heading', { city: city.name })}
          </h2>
          {entries.length === 0 ? (
            <p>{t('home.services.none', { city: city.name })}</p>
          ) : (
            <ul className={`${styles.cards} ${own.entries}`}>
              {entries.map((e) => (
                <li key={e.path}>
                  <AppLink to={e.path} className={styles.card} data-feature={e.feature}>
                    <span className={styles.cardTitle}>{localised(e.title, lang)}</span>
                    <span className={styles.cardDesc}>{localised(e.description, lang)}</span>
                  </AppLink>
                </li>
              ))}
            </ul>
          )}
        </section>
        {isFeatureEnabled('airport') && isServed(AIRPORT_BOARDS[0].path, remotes) && (
          <section aria-labelledby="home-boards">
            <h2 id="home-boards">{t('home.boards.heading')}</h2>
            <ul className={own.links}>
              {AIRPORT_BOARDS.map((b) => (
                <li key={b.path}>
                  <a href={`/app${b.path}`}>{t(b.label)}</a>
                </li>
              ))}
            </ul>
          </section>
        )}
      </>
    );
  }

  return (
    <Page heading={t('home.heading')}>
      {body}
      <dl className={own.settings}>
        <div>
          <dt>{t('home.cityLabel')}</dt>
          <dd>
            <span>{city?.name ?? '…'}</span> <AppLink to="/change-city">{t('home.changeCity')}</AppLink>
          </dd>
        </div>
        <div>
          <dt>{t('home.languageLabel')}</dt>
          <dd>
            <span lang={lang}>{languageName}</span> <AppLink to="/change-language">{t('home.changeLanguage')}</AppLink>
          </dd>
        </div>
      </dl>
      <section aria-labelledby="home-more">
        <h2 id="home-more">{t('home.more.heading')}</h2>
        <ul className={own.links}>
          {MORE_LINKS.filter((l) => !l.remote || isServed(l.path, remotes)).map((l) => (
            <li key={l.path}>
              <AppLink to={l.path}>{t(l.label)}</AppLink>
            </li>
          ))}
        </ul>
      </section>
    </Page>
  );
}
