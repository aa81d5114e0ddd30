// The bottom tab bar on the rider's screens: Home, Tickets and passes, Plan and track, Account. Links (so each is a
// real address, opens in a new tab, works without the bar's script), each with an icon and its label; the current one
// is marked aria-current="page". It sits outside <main> (screen readers reach it as a navigation landmark) and the
// main area keeps room for it at the bottom (layout.module.css, body[data-tabbar]).
import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { IconAccount, IconHome, IconTicket, IconTrack } from '@sawari/ui';
import { AppLink } from '../features/common/nav';
import styles from './layout.module.css';
import { currentTab, TABS, type TabId } from './tabs';

/** Decorative icons (the label names the tab): shared/ui's one icon set. */
const ICONS: Record<TabId, typeof IconHome> = { home: IconHome, wallet: IconTicket, travel: IconTrack, account: IconAccount };

export function TabBar({ path, signedIn }: { path: string; signedIn: boolean }) {
  const intl = useIntl();
  const current = currentTab(path);
  // The main area keeps room for the bar while it shows.
  useEffect(() => {
    document.body.setAttribute('data-tabbar', '');
    return () => document.body.removeAttribute('data-tabbar');
  }, []);
  return (
    <nav className={styles.tabs} aria-label={intl.formatMessage({ id: 'tabs.label' })} data-testid="tab-bar">
      <ul>
        {TABS(signedIn, path).map(({ id, label, path: to }) => {
          const Icon = ICONS[id];
          return (
            <li key={id}>
              <AppLink to={to} aria-current={id === current ? 'page' : undefined} data-tab={id}>
                <Icon size={24} strokeWidth={1.8} />
                <span>{intl.formatMessage({ id: label })}</span>
              </AppLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
