import { FormattedMessage } from 'react-intl';
import { IconStop } from '@sawari/ui';
import { AppLink } from '../features/common/nav';
import styles from './layout.module.css';

/** The header's city: its name and one tap to change it (Layout decides when it shows). */
export default function HeaderCityLink({ name }: { name: string }) {
  return (
    <AppLink className={styles.city} to="/change-city" data-testid="header-city">
      <IconStop size={18} />
      <span className={styles.srOnly}>
        <FormattedMessage id="header.city" />{' '}
      </span>
      <span>{name}</span>
    </AppLink>
  );
}
