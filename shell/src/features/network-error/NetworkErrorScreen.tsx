import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Button } from '@sawari/ui';
import { Page } from '../common/Page';
import { go } from '../common/nav';
import styles from '../common/page.module.css';

/** /network-error: what happened, and a Retry that goes back to where the rider was once the device is online. */
export default function NetworkErrorScreen() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [stillOffline, setStillOffline] = useState(false);
  const retry = () => {
    if (!navigator.onLine) {
      setStillOffline(true);
      return;
    }
    if (history.length > 1) history.back();
    else go('/', { replace: true });
  };
  return (
    <Page heading={t('network.heading')} intro={t('network.body')}>
      <div className={styles.actions}>
        <Button onClick={retry}>{t('network.retry')}</Button>
      </div>
      <p role="alert" className={stillOffline ? styles.alert : undefined}>
        {stillOffline ? t('network.stillOffline') : null}
      </p>
    </Page>
  );
}
