// Pieces every tickets screen uses: the page frame, sign-in and city gates, async loads, money, dates, fare breakup and
// refused-request panels.
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { ApiRequestError, CITY_TIME_ZONE, loadSession, serverNow, sessionAtom, sessionLoadedAtom, useCityConfig, type CityConfig } from '@sawari/runtime';
import { formatPaise } from '@sawari/domain';
import { ListSkeleton, LoadError } from '@sawari/ui/src/intl';
import styles from './tickets.module.css';

export { ListSkeleton, LoadError, styles };

export const W = '/your-tickets-and-passes';
export const paths = {
  wallet: W,
  expired: `${W}?tab=expired`,
  summary: (tx: string) => `${W}/summary/${encodeURIComponent(tx)}`,
  receipt: (tx: string, instant = false) => `${W}/${instant ? 'ride-receipt-instant-ticket' : 'ride-receipt'}/${encodeURIComponent(tx)}`,
  rideHistory: (tx: string) => `${W}/ride-history/${encodeURIComponent(tx)}`,
  soundQr: (tx: string) => `${W}/sound-qr/${encodeURIComponent(tx)}`,
  contactless: (tx: string) => `${W}/sound-qr/${encodeURIComponent(tx)}/contact-less-ticket-validation`,
  passValidation: (tx: string) => `${W}/pass-validation/${encodeURIComponent(tx)}`,
  beforeActivation: (tx: string) => `${W}/before-activation/${encodeURIComponent(tx)}`,
  scanQr: (tx: string) => `${W}/scan-qr/${encodeURIComponent(tx)}`,
  rejection: (tx: string) => `${W}/verification-rejection/${encodeURIComponent(tx)}`,
  resubmit: (tx: string) => `/productHooks/bus-pass-purchase/resubmit-for-verification/${encodeURIComponent(tx)}`,
  buy: '/buy-bus-ticket',
  selectRoute: '/select-trip/select-route',
  selectStop: '/select-trip/select-stop',
  selectTicket: '/select-trip/select-ticket',
  userDetails: '/pay-for-ticket/user-details',
  pay: '/pay-for-ticket',
  success: (tx: string) => `/select-trip/booking-success/${encodeURIComponent(tx)}`,
  singleJourney: (tx: string) => `/select-trip/single-journey-ticket?transactionId=${encodeURIComponent(tx)}`,
  instant: '/instant-ticket',
  passes: '/productHooks',
};

let firstScreen = true;

/** A screen: an optional back link, one h1 (focused after navigation) and its content. */
export function Page({ heading, intro, back, children }: { heading: ReactNode; intro?: ReactNode; back?: { to: string; label: string }; children?: ReactNode }) {
  const id = useId();
  const h1 = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (firstScreen) {
      firstScreen = false;
      return;
    }
    window.scrollTo(0, 0);
    h1.current?.focus({ preventScroll: true });
  }, []);
  return (
    <section className={styles.page} aria-labelledby={id}>
      {back && (
        <Link className={styles.back} to={back.to}>
          ← {back.label}
        </Link>
      )}
      <h1 id={id} ref={h1} tabIndex={-1}>
        {heading}
      </h1>
      {intro && <p className={styles.intro}>{intro}</p>}
      {children}
    </section>
  );
}

export const useT = () => {
  const intl = useIntl();
  return useCallback((id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values), [intl]);
};

export type AsyncState<T> =
  | { status: 'loading'; data: null; error: null }
  | { status: 'ready'; data: T; error: null }
  | { status: 'error'; data: null; error: ApiRequestError };

export const asApiError = (err: unknown): ApiRequestError =>
  err instanceof ApiRequestError ? err : new ApiRequestError(0, 'UNKNOWN', err instanceof Error ? err.message : String(err));

/** Runs `load` when `key` changes (and on retry); answers that arrive after the screen moved on are ignored. */
export function useAsync<T>(load: (() => Promise<T>) | null, key: string) {
  const [state, setState] = useState<AsyncState<T>>({ status: 'loading', data: null, error: null });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!load) return;
    let live = true;
    setState({ status: 'loading', data: null, error: null });
    load().then(
      (data) => live && setState({ status: 'ready', data, error: null }),
      (err: unknown) => live && setState({ status: 'error', data: null, error: asApiError(err) }),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, attempt, load === null]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, retry };
}

/** The signed-in rider's id (null until the stored session was read, or when signed out). */
export const useUserId = (): string | null => useAtomValue(sessionAtom).userId;

/** Renders children for a signed-in rider; a signed-out rider goes to /login/<this path> and comes back here. */
export function RequireSignIn({ children }: { children: ReactNode }) {
  const t = useT();
  const loaded = useAtomValue(sessionLoadedAtom);
  const signedIn = !!useAtomValue(sessionAtom).accessToken;
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    void loadSession();
  }, []);
  useEffect(() => {
    if (loaded && !signedIn) navigate(`/login/${encodeURIComponent(location.pathname + location.search)}`, { replace: true });
  }, [loaded, signedIn, location.pathname, location.search, navigate]);
  if (loaded && signedIn) return <>{children}</>;
  return loaded ? <p role="status">{t('common.signIn')}</p> : <ListSkeleton />;
}

/**
 * City gating (spec §6): renders children with the rider's city config when tickets are sold there; otherwise a clear
 * panel with a way to change city. Works offline from the cached city list.
 */
export function CityGate({ children, feature = 'tickets' }: { children: (city: CityConfig) => ReactNode; feature?: 'tickets' | null }) {
  const t = useT();
  const { cityId, city, status, error, retry } = useCityConfig();
  if (!cityId)
    return (
      <div className={styles.empty}>
        <p>{t('city.none')}</p>
        <a href="/app/change-city">{t('city.choose')}</a>
      </div>
    );
  if (!city && (status === 'loading' || status === 'idle')) return <ListSkeleton />;
  if (!city && status === 'error') return <LoadError error={error} onRetry={() => void retry()} />;
  if (!city)
    return (
      <div className={styles.empty}>
        <p>{t('city.unknown')}</p>
        <a href="/app/change-city">{t('city.choose')}</a>
      </div>
    );
  if (feature === 'tickets' && city.features.tickets !== true)
    return (
      <section className={styles.warn} aria-labelledby="tickets-off">
        <h2 id="tickets-off">{t('city.ticketsOff.title', { city: city.name })}</h2>
        <p>{t('city.ticketsOff.body')}</p>
        <p className={styles.actions}>
          <a href="/app/change-city">{t('city.change')}</a>
          <a href="/app/">{t('common.home')}</a>
        </p>
      </section>
    );
  return <>{children(city)}</>;
}

export const money = formatPaise;

/**
 * Dates in city time (Asia/Kolkata) as DD MMM YYYY (spec §9), month names in the rider's language: "14 Aug 2025",
 * "14 Aug 2025, 6:05 pm".
 */
export function useDates() {
  const intl = useIntl();
  const time = useCallback((ms: number) => intl.formatTime(ms, { hour: 'numeric', minute: '2-digit', timeZone: CITY_TIME_ZONE, numberingSystem: 'latn' }), [intl]);
  const date = useCallback(
    (ms: number) => {
      const parts = intl.formatDateToParts(ms, { day: '2-digit', month: 'short', year: 'numeric', timeZone: CITY_TIME_ZONE, numberingSystem: 'latn' });
      const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
      return `${part('day')} ${part('month').replace(/\.$/, '')} ${part('year')}`;
    },
    [intl],
  );
  const dateTime = useCallback((ms: number) => `${date(ms)}, ${time(ms)}`, [date, time]);
  return { date, dateTime, time };
}

const BREAKUP_IDS: Record<string, string> = { Adult: 'passenger.adult', Child: 'passenger.child', 'Senior citizen': 'passenger.senior' };

/** The server's fare breakup lines (paise), translated where known, and the amount to pay. */
export function FareBreakup({ lines, payable, caption }: { lines: { name: string; value: number }[]; payable: number; caption: string }) {
  const t = useT();
  return (
    <table className={styles.breakup}>
      <caption className={styles.srOnly}>{caption}</caption>
      <tbody>
        {lines.map((l) => (
          <tr key={l.name}>
            <th scope="row">{BREAKUP_IDS[l.name] ? t(BREAKUP_IDS[l.name]) : l.name}</th>
            <td>{l.value < 0 ? `− ${money(-l.value)}` : money(l.value)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">{t('fare.payable')}</th>
          <td>{money(payable)}</td>
        </tr>
      </tfoot>
    </table>
  );
}

const ERROR_IDS: Record<string, string> = {
  NETWORK_ERROR: 'common.error.network',
  FARE_CHANGED: 'error.fareChanged',
  FARE_NOT_AVAILABLE: 'error.fareNotAvailable',
  SAME_STOP: 'error.sameStop',
  WRONG_DIRECTION: 'error.wrongDirection',
  NO_PASSENGERS: 'error.noPassengers',
  TOO_MANY_PASSENGERS: 'error.tooManyPassengers',
  TICKETS_NOT_ENABLED: 'error.ticketsOff',
  ORDER_NOT_FOUND: 'error.orderNotFound',
};

/** A refused request in words, with Retry; focused when it appears so screen readers read it. */
export function ProblemPanel({ error, onRetry }: { error: { code?: string; message?: string } | null; onRetry?: () => void }) {
  const t = useT();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (error) ref.current?.focus();
  }, [error]);
  if (!error) return null;
  const id = error.code ? ERROR_IDS[error.code] : undefined;
  return (
    <div ref={ref} tabIndex={-1} className={styles.alert} role="alert">
      <p>{id ? t(id) : t('error.generic', { reason: error.message ?? '' })}</p>
      {onRetry && (
        <p className={styles.actions}>
          <button type="button" className={styles.textButton} onClick={onRetry}>
            {t('common.retry')}
          </button>
        </p>
      )}
    </div>
  );
}

/** Where the rider is in the purchase. */
export function Steps({ current }: { current: 'route' | 'stops' | 'passengers' | 'details' | 'pay' }) {
  const t = useT();
  return (
    <ol className={styles.steps} aria-label={t('steps.label')}>
      {(['route', 'stops', 'passengers', 'details', 'pay'] as const).map((s) => (
        <li key={s} aria-current={s === current ? 'step' : undefined}>
          {t(`steps.${s}`)}
        </li>
      ))}
    </ol>
  );
}

/** The clock, ticking every `ms` (for countdowns and live states). */
export function useNow(ms = 1000): number {
  const [now, setNow] = useState(() => serverNow());
  useEffect(() => {
    const id = setInterval(() => setNow(serverNow()), ms);
    return () => clearInterval(id);
  }, [ms]);
  return now;
}
