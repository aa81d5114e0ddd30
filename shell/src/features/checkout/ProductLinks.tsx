// Links to where orders are made (an order cannot be paid here, or there is none).
import { useIntl } from 'react-intl';
import { IconHome, IconPass, IconTicket } from '@sawari/ui/src/icons';
import { AppLink } from '../common/nav';
import styles from './checkout.module.css';

/** Links to where orders are made (an order cannot be paid here, or there is none). */
export function ProductLinks() {
  const intl = useIntl();
  return (
    <ul className={styles.links}>
      <li>
        <AppLink to="/productHooks">
          <IconPass />
          {intl.formatMessage({ id: 'checkout.links.passes' })}
        </AppLink>
      </li>
      <li>
        <AppLink to="/buy-bus-ticket">
          <IconTicket />
          {intl.formatMessage({ id: 'checkout.links.tickets' })}
        </AppLink>
      </li>
      <li>
        <AppLink to="/">
          <IconHome />
          {intl.formatMessage({ id: 'checkout.links.home' })}
        </AppLink>
      </li>
    </ul>
  );
}
