// Pieces every pass screen uses: the page frame, sign-in and city gates, async loads, money, dates, fare breakup and
// refused-order panels.
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { ApiRequestError, CITY_TIME_ZONE, loadSession, sessionAtom, sessionLoadedAtom, useCityConfig } from '@sawari/runtime';
import { formatPaise } from '@sawari/domain';
import { ListSkeleton, LoadError } from '@sawari/ui/src/intl';
import { breakupLine, errorAction, errorMessageId } from './model';
import styles from './passes.module.css';

export { ListSkeleton, LoadError, styles };

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
  const setData = useCallback((update: (data: T) => T) => setState((s) => (s.status === 'ready' ? { ...s, data: update(s.data) } : s)), []);
  return { ...state, retry, setData };
}

/** The signed-in rider's id (null until the stored session was read, or when signed out). */
export function useUserId(): string | null {
  return useAtomValue(sessionAtom).userId;
}

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
 * City gating (spec §6): renders children with the rider's city when passes are sold there; otherwise a clear panel
 * (choose a city / passes not sold here, with a way to change city).
 */
export function CityGate({ children }: { children: (city: string, cityName: string) => ReactNode }) {
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
  if (city.features.passes !== true)
    return (
      <section className={styles.warn} aria-labelledby="passes-off">
        <h2 id="passes-off">{t('city.passesOff.title', { city: city.name })}</h2>
        <p>{t('city.passesOff.body')}</p>
        <p className={styles.actions}>
          <a href="/app/change-city">{t('city.change')}</a>
          <a href="/app/">{t('common.home')}</a>
        </p>
      </section>
    );
  return <>{children(city.id, city.name)}</>;
}

/** ₹ with en-IN grouping from paise. */
export const money = formatPaise;

/** DD MMM YYYY in city time ("14 Aug 2025", spec §9), month names in the rider's language, Latin digits. */
export function useDate() {
  const intl = useIntl();
  return useCallback(
    (value: number | string) => {
      const ms = typeof value === 'number' ? value : Date.parse(`${value}T12:00:00+05:30`);
      let f: Intl.DateTimeFormat;
      try {
        f = new Intl.DateTimeFormat(`${intl.locale.split('-')[0]}-IN-u-nu-latn`, { day: '2-digit', month: 'short', year: 'numeric', timeZone: CITY_TIME_ZONE });
      } catch {
        f = new Intl.DateTimeFormat('en-IN', { day: '2-digit', month: 'short', year: 'numeric', timeZone: CITY_TIME_ZONE });
      }
      const part = (type: string) => f.formatToParts(ms).find((p) => p.type === type)?.value ?? '';
      return `${part('day')} ${part('month').replace(/\.$/, '')} ${part('year')}`;
    },
    [intl],
  );
}

/** The server's fare breakup lines (paise), translated where known, and the amount to pay. */
export function FareBreakup({ lines, payable, caption }: { lines: { name: string; value: number }[]; payable: number; caption: string }) {
  const t = useT();
  return (
    <table className={styles.breakup}>
      <caption className={styles.srOnly}>{caption}</caption>
      <tbody>
        {lines.map((l) => {
          const known = breakupLine(l.name);
          return (
            <tr key={l.name}>
              <th scope="row">{known ? t(known.id, known.values) : l.name}</th>
              <td>{l.value < 0 ? `− ${money(-l.value)}` : money(l.value)}</td>
            </tr>
          );
        })}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">{t('breakup.payable')}</th>
          <td>{money(payable)}</td>
        </tr>
      </tfoot>
    </table>
  );
}

/** A refused request in words, with the way forward; focused when it appears so screen readers read it. */
export function ProblemPanel({ error, configId, onRetry }: { error: { code?: string; message?: string } | null; configId?: string | null; onRetry?: () => void }) {
  const t = useT();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (error) ref.current?.focus();
  }, [error]);
  if (!error) return null;
  const id = errorMessageId(error.code);
  const action = errorAction(error.code, configId ?? null);
  return (
    <div ref={ref} tabIndex={-1} className={styles.alert} role="alert">
      <p>{id ? t(id) : t('error.generic', { reason: error.message ?? '' })}</p>
      {(action || onRetry) && (
        <p className={styles.actions}>
          {action && <Link to={action.path}>{t(action.labelId)}</Link>}
          {onRetry && (
            <button type="button" className={styles.textButton} onClick={onRetry}>
              {t('common.retry')}
            </button>
          )}
        </p>
      )}
    </div>
  );
}

/** Where the rider is in the purchase: a short list of steps (the current one marked). */
export function Steps({ current, withDocuments }: { current: 'choose' | 'details' | 'documents' | 'pay'; withDocuments: boolean }) {
  const t = useT();
  const steps = (['choose', 'details', ...(withDocuments ? ['documents'] : []), 'pay'] as const).filter(Boolean);
  return (
    <ol className={styles.steps} aria-label={t('steps.label')}>
      {steps.map((s) => (
        <li key={s} aria-current={s === current ? 'step' : undefined}>
          {t(`steps.${s}`)}
        </li>
      ))}
    </ol>
  );
}

export const paths = {
  home: '/productHooks',
  subCategory: (configId: string) => `/productHooks/bus-pass-purchase/sub-category-selection/${encodeURIComponent(configId)}`,
  fares: (configId: string) => `/productHooks/bus-pass-purchase/fares/${encodeURIComponent(configId)}`,
  confirmFare: (configId: string) => `/productHooks/bus-pass-purchase/fares/${encodeURIComponent(configId)}/confirmation`,
  details: '/productHooks/bus-pass-purchase/personal-details',
  confirmPay: '/productHooks/bus-pass-purchase/confirm-details-and-pay',
  document: '/productHooks/bus-pass-purchase/document',
  upload: '/productHooks/bus-pass-purchase/upload-documents',
  verify: '/productHooks/bus-pass-purchase/document-verify',
  pending: (tx?: string) => `/productHooks/bus-pass-purchase/document-verify-pending${tx ? `?transactionId=${encodeURIComponent(tx)}` : ''}`,
  submitted: (tx: string) => `/productHooks/bus-pass-purchase/submit-for-verification-successful/${encodeURIComponent(tx)}`,
  afterVerification: (tx: string, isRenew: boolean) => `/productHooks/bus-pass-purchase/purchase-pass-after-verification/${encodeURIComponent(tx)}/${isRenew}`,
  resubmit: (tx: string) => `/productHooks/bus-pass-purchase/resubmit-for-verification/${encodeURIComponent(tx)}`,
  success: (tx: string) => `/productHooks/bus-pass-purchase/booking-successful/${encodeURIComponent(tx)}`,
  landing: (configId: string) => `/products-landing/${encodeURIComponent(configId)}`,
  wallet: '/your-tickets-and-passes',
};
