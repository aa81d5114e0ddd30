import { useIntl } from 'react-intl';
import { useAtom } from 'jotai';
import { HOME_CLUSTERS } from '@sawari/domain';
import { homeClusterAtom, useCityConfig } from '@sawari/runtime';
import { Page } from '../common/Page';
import { AppLink, go } from '../common/nav';
import styles from '../common/page.module.css';

/** /on-boarding-mumbai: Mumbai's own onboarding, choosing a home cluster (Navi Mumbai, Thane, Western Suburbs). */
export default function MumbaiOnboardingScreen() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const { city } = useCityConfig();
  const [current, setHomeCluster] = useAtom(homeClusterAtom);
  const clusters = city?.homeClusters.length ? city.homeClusters : HOME_CLUSTERS;
  return (
    <Page heading={t('onboarding.mumbai.heading')} intro={t('onboarding.mumbai.intro')}>
      <ul className={styles.cards}>
        {clusters.map((name) => (
          <li key={name}>
            <button
              type="button"
              className={styles.card}
              aria-current={current === name ? 'true' : undefined}
              onClick={() => {
                setHomeCluster(name);
                go('/');
              }}
            >
              <span className={styles.cardTitle}>{name}</span>
            </button>
          </li>
        ))}
      </ul>
      <p>
        <AppLink to="/">{t('onboarding.mumbai.skip')}</AppLink>
      </p>
    </Page>
  );
}
