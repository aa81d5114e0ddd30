import { createPortal } from 'react-dom';
import { Provider } from 'jotai';
import { appPath, matchPath, sawariStore, usePathname } from '@sawari/runtime';
import { UnavailablePanel } from '@sawari/ui';
import { ownsPath } from '../routing';
import { routes, type ShellScreen } from '../routes';
import { texts } from '../texts';
import styles from './layout.module.css';

export type LayoutProps = { screenElement: HTMLElement; remotePrefixes: string[]; remotesFailed: boolean };

const BOARDS = [
  { href: '/app/airport-static-screens/airport-express-bus-time/T1', label: 'Terminal 1 — vertical board' },
  { href: '/app/airport-static-screens/airport-express-bus-time-horizontal/T1', label: 'Terminal 1 — horizontal board' },
  { href: '/app/airport-static-screens/airport-express-bus-time/T2', label: 'Terminal 2 — vertical board' },
  { href: '/app/airport-static-screens/airport-express-bus-time-horizontal/T2', label: 'Terminal 2 — horizontal board' },
];

function Home() {
  return (
    <section className={styles.page} aria-labelledby="home-heading">
      <h1 id="home-heading">Welcome to Sawari</h1>
      <p>Bus passes, tickets and live tracking for Indian cities are on their way. The airport live-schedule boards are ready:</p>
      <ul className={styles.links}>
        {BOARDS.map((b) => (
          <li key={b.href}>
            <a href={b.href}>{b.label}</a>
          </li>
        ))}
      </ul>
    </section>
  );
}

function NotFound() {
  return (
    <section className={styles.page} aria-labelledby="nf-heading">
      <h1 id="nf-heading">Page not found</h1>
      <p>There is nothing at this address. It may have moved, or the link may be mistyped.</p>
      <p>
        <a href="/app/">Go to the Sawari home page</a>
      </p>
    </section>
  );
}

const SCREENS: Record<ShellScreen, () => React.JSX.Element> = { home: Home };

export function Layout({ screenElement, remotePrefixes, remotesFailed }: LayoutProps) {
  const pathname = usePathname();
  const path = appPath(pathname) ?? '/';
  const route = routes.find((r) => matchPath(r.path, path));
  let screen: React.ReactNode = null;
  if (route) {
    const Screen = SCREENS[route.screen];
    screen = <Screen />;
  } else if (!ownsPath(remotePrefixes, pathname)) {
    screen = remotesFailed ? <UnavailablePanel {...texts.unavailable} onRetry={() => location.reload()} /> : <NotFound />;
  }
  return (
    <Provider store={sawariStore}>
      <div className={styles.bar}>
        <a className={styles.brand} href="/app/">
          Sawari
        </a>
      </div>
      {createPortal(screen, screenElement)}
    </Provider>
  );
}
