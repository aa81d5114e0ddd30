// Pieces every tickets screen uses: the shared rider frame (@sawari/ui/src/rider.tsx) with this remote's classes and
// wording, plus paths, money, dates and the clock.
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { CITY_TIME_ZONE, serverNow, type CityConfig } from '@sawari/runtime';
import { formatPaise } from '@sawari/domain';
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
export function FareBreakup(props: { lines: { name: string; value: number }[]; payable: number; caption: string }) {
  return <ui.FareBreakup {...props} known={(name) => (BREAKUP_IDS[name] ? { id: BREAKUP_IDS[name] } : null)} payableId="fare.payable" />;
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
