// /buy-bus-ticket: what to buy in the rider's city (a single-journey or an instant ticket) and the wallet.
import { Link } from 'react-router-dom';
import { CityGate, Page, paths, styles, useT } from '../common/ui';

/** /buy-bus-ticket: single-journey or instant ticket, and the wallet. */
export function BuyLandingScreen() {
  const t = useT();
  return (
    <Page heading={t('buy.heading')} intro={t('buy.intro')}>
      <CityGate>
        {(city) => (
          <ul className={styles.cards}>
            <li>
              <Link className={`${styles.card} ${styles.cardLink}`} to={paths.selectRoute}>
                <span className={styles.cardTitle}>{t('buy.single.title')}</span>
                <span className={styles.muted}>{t('buy.single.body', { city: city.name })}</span>
              </Link>
            </li>
            <li>
              <Link className={`${styles.card} ${styles.cardLink}`} to={paths.instant}>
                <span className={styles.cardTitle}>{t('buy.instant.title')}</span>
                <span className={styles.muted}>{t('buy.instant.body')}</span>
              </Link>
            </li>
            <li>
              <Link className={`${styles.card} ${styles.cardLink}`} to={paths.wallet}>
                <span className={styles.cardTitle}>{t('wallet.heading')}</span>
                <span className={styles.muted}>{t('buy.wallet.body')}</span>
              </Link>
            </li>
          </ul>
        )}
      </CityGate>
    </Page>
  );
}
