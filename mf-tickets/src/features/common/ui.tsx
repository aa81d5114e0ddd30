// Pieces every tickets screen uses: the shared rider frame (@sawari/ui/src/rider.tsx) with this remote's classes and
// wording, plus paths, money, dates and the clock.
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { serverNow, type CityConfig } from '@sawari/runtime';
import { formatCityDate, formatCityDateTime, formatCityDateTimeYear, formatCityTime, formatPaise, isoCityDateToMs, type Countdown } from '@sawari/domain';
import { ListSkeleton, LoadError } from '@sawari/ui/src/intl';
import { RequireSignIn, riderStyles, riderUi, useT, useUserId } from '@sawari/ui/src/rider';
import { asApiError, useAsync, type AsyncState } from '@sawari/ui/src/async';
import own from './tickets.module.css';

/** rider.module.css and tickets.module.css (whose classes compose the shared ones they extend). */
export const styles: Readonly<Record<string, string>> = { ...riderStyles, ...own };
const ui = riderUi(styles);

export { ListSkeleton, LoadError, RequireSignIn, asApiError, useAsync, useT, useUserId, type AsyncState };
export const { Page } = ui;

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
  /** A reserved seat's own screens in the premium remote: its summary (refunds) and change or cancel. */
  seatSummary: (tx: string) => `/premium-buses/premium-bus-summary/${encodeURIComponent(tx)}`,
  seatManage: (tx: string, mode: 'cancel' | 'reschedule') => `/premium-buses/cancellationRescheduleCard/${encodeURIComponent(tx)}?mode=${mode}`,
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

/**
 * City gating (spec §6): renders children with the rider's city config when tickets are sold there (any city with
 * feature null); otherwise a clear panel with a way to change city. Works offline from the cached city list.
 */
export function CityGate({ children, feature = 'tickets' }: { children: (city: CityConfig) => ReactNode; feature?: 'tickets' | null }) {
  return <ui.CityGate feature={feature}>{children}</ui.CityGate>;
}

export const money = formatPaise;

/**
 * Dates in city time (Asia/Kolkata) through shared/domain's one set of formats, month names in the rider's language:
 * date "14 Aug 2025", time "6:05 PM", dateTime "14 Aug 2025, 6:05 PM", dayTime "14 Aug, 6:05 PM" (validity), and
 * isoDate for an API city date ("2025-08-14" → "14 Aug 2025").
 */
export function useDates() {
  const { locale } = useIntl();
  return useMemo(
    () => ({
      date: (ms: number) => formatCityDate(ms, locale),
      time: (ms: number) => formatCityTime(ms, locale),
      dateTime: (ms: number) => formatCityDateTimeYear(ms, locale),
      dayTime: (ms: number) => formatCityDateTime(ms, locale),
      isoDate: (iso: string) => {
        const ms = isoCityDateToMs(iso);
        return ms == null ? iso : formatCityDate(ms, locale);
      },
    }),
    [locale],
  );
}

/** "expires in 12 min", "valid in 29 days": a shared/domain countdown in the rider's words (`id` takes {left}). */
export function useCountdownWords() {
  const t = useT();
  return useCallback(
    (c: Countdown): string => {
      switch (c.unit) {
        case 'days':
          return t('countdown.days', { n: c.days });
        case 'hours':
          return c.minutes ? t('countdown.hoursMinutes', { h: c.hours, m: c.minutes }) : t('countdown.hours', { h: c.hours });
        case 'minutes':
          return t('countdown.minutes', { n: c.minutes });
        case 'seconds':
          return t('countdown.seconds', { n: c.seconds });
        default:
          return t('countdown.seconds', { n: 0 });
      }
    },
    [t],
  );
}

/** The server's fare breakup lines (paise), in the rider's language, and the amount to pay (or paid). */
export function FareBreakup({ paid = false, ...props }: { lines: { name: string; value: number }[]; payable: number; caption: string; paid?: boolean }) {
  return <ui.FareBreakup {...props} payableId={paid ? 'fare.paid' : 'fare.payable'} />;
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
  return <ui.ProblemPanel error={error} messageId={(code) => (code ? ERROR_IDS[code] : undefined)} onRetry={onRetry} />;
}

/** Where the rider is in the purchase. */
export function Steps({ current }: { current: 'route' | 'stops' | 'passengers' | 'details' | 'pay' }) {
  return <ui.Steps steps={['route', 'stops', 'passengers', 'details', 'pay']} current={current} />;
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
