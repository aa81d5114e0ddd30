// The bottom tab bar on the rider's screens: Home, Tickets and passes, Plan and track, Account. Links (so each is a
// real address, opens in a new tab, works without the bar's script), each with an icon and its label; the current one
// is marked aria-current="page". It sits outside <main> (screen readers reach it as a navigation landmark) and the
// main area keeps room for it at the bottom (layout.module.css, body[data-tabbar]).
import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { AppLink } from '../features/common/nav';
import styles from './layout.module.css';
import { currentTab, TABS, type TabId } from './tabs';

/** Small outline icons, drawn with currentColor (decorative: the label names the tab). */
const ICONS: Record<TabId, string> = {
  home: 'M3 11.5 12 4l9 7.5M5.5 9.5V20h5v-5.5h3V20h5V9.5',
  wallet: 'M4 7h16v4a2 2 0 0 0 0 4v4H4v-4a2 2 0 0 0 0-4zM14 7v12',
  travel: 'M6 4h12a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2zM4 11h16M8 17v3M16 17v3M7.5 14h.01M16.5 14h.01',
  account: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 20c1.2-3.5 4.2-5 8-5s6.8 1.5 8 5',
};

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
        {TABS(signedIn, path).map((tab) => (
          <li key={tab.id}>
            <AppLink to={tab.path} aria-current={tab.id === current ? 'page' : undefined} data-tab={tab.id}>
              <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
                <path d={ICONS[tab.id]} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
              </svg>
              <span>{intl.formatMessage({ id: tab.label })}</span>
            </AppLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
