// The bottom tab bar on the rider's screens: Home, Tickets and passes, Plan and track, Account. Links (so each is a
// real address, opens in a new tab, works without the bar's script), each with an icon and its label; the current one
// is marked aria-current="page". It sits outside <main> (screen readers reach it as a navigation landmark) and the
// main area keeps room for it at the bottom (layout.module.css, body[data-tabbar]).
import { useEffect, useRef } from 'react';
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
  const bar = useRef<HTMLElement>(null);
  // The page keeps room for the bar while it shows, its real height (two rows with large text), measured at once and
  // on every change: the main area's bottom padding (the end of the page is reachable above it) and the document's
  // scroll padding (whatever scrolls into view, a focused field, an anchor, scrollIntoView, lands above it, not under).
  useEffect(() => {
    const body = document.body;
    const root = document.documentElement;
    body.setAttribute('data-tabbar', '');
    const el = bar.current;
    const room = () => {
      if (!el) return;
      const space = `${Math.ceil(el.getBoundingClientRect().height) + 8}px`;
      body.style.setProperty('--sawari-tabbar-space', space);
      root.style.scrollPaddingBottom = space;
    };
    room();
    const watch = typeof ResizeObserver === 'function' && el ? new ResizeObserver(room) : null;
    if (watch && el) watch.observe(el);
    return () => {
      watch?.disconnect();
      body.removeAttribute('data-tabbar');
      body.style.removeProperty('--sawari-tabbar-space');
      root.style.removeProperty('scroll-padding-bottom');
    };
  }, []);
  return (
    <nav ref={bar} className={styles.tabs} aria-label={intl.formatMessage({ id: 'tabs.label' })} data-testid="tab-bar">
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
