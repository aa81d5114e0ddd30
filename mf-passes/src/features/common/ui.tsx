// Pieces every pass screen uses: the shared rider frame (@sawari/ui/src/rider.tsx) with this remote's classes and
// wording, plus money, dates and the purchase paths.
import { useCallback, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { formatCityDate, formatCityDateTime, formatPaise, isoCityDateToMs } from '@sawari/domain';
import { ListSkeleton, LoadError } from '@sawari/ui/src/intl';
import { RequireSignIn, riderStyles, riderUi, useT, useUserId } from '@sawari/ui/src/rider';
import { asApiError, useAsync, type AsyncState } from '@sawari/ui/src/async';
import { errorAction, errorMessageId } from './model';
import flush from '@sawari/ui/src/rider-flush.module.css';
import own from './passes.module.css';

/** rider.module.css, its flush page, card and panels (rider-flush.module.css) and passes.module.css. */
export const styles: Readonly<Record<string, string>> = { ...riderStyles, ...flush, ...own };
const ui = riderUi(styles);

export { ListSkeleton, LoadError, RequireSignIn, asApiError, useAsync, useT, useUserId, type AsyncState };
export const { Page } = ui;

/**
 * City gating (spec §6): renders children with the rider's city when passes are sold there; otherwise a clear panel
 * (choose a city / passes not sold here, with a way to change city).
 */
export function CityGate({ children }: { children: (city: string, cityName: string) => ReactNode }) {
  return <ui.CityGate feature="passes">{(city) => children(city.id, city.name)}</ui.CityGate>;
}

/** ₹ with en-IN grouping from paise. */
export const money = formatPaise;

/**
 * DD MMM YYYY in city time ("14 Aug 2025", spec §9) through shared/domain's one set of formats, month names in the
 * rider's language, Latin digits; a number is an instant, a string an API city date ("2025-08-14").
 */
export function useDate() {
  const { locale } = useIntl();
  return useCallback(
    (value: number | string) => formatCityDate(typeof value === 'number' ? value : (isoCityDateToMs(value) ?? Date.parse(value)), locale),
    [locale],
  );
}

/** "22 Dec, 11:59 PM" in city time (shared/domain formatCityDateTime): how long a pass is valid. */
export function useDayTime() {
  const { locale } = useIntl();
  return useCallback((ms: number) => formatCityDateTime(ms, locale), [locale]);
}

/** The server's fare breakup lines (paise), in the rider's language, and the amount to pay (or paid). */
export function FareBreakup({ paid = false, ...props }: { lines: { name: string; value: number }[]; payable: number; caption: string; paid?: boolean }) {
  return <ui.FareBreakup {...props} payableId={paid ? 'breakup.paid' : 'breakup.payable'} />;
}

/** A refused request in words, with the way forward; focused when it appears so screen readers read it. */
export function ProblemPanel({
  error,
  configId,
  onRetry,
}: {
  error: { code?: string; message?: string } | null;
  configId?: string | null;
  onRetry?: () => void;
}) {
  return <ui.ProblemPanel error={error} messageId={errorMessageId} action={errorAction(error?.code, configId ?? null)} onRetry={onRetry} />;
}

/** Where the rider is in the purchase: a short list of steps (the current one marked). */
export function Steps({ current, withDocuments }: { current: 'choose' | 'details' | 'documents' | 'pay'; withDocuments: boolean }) {
  return <ui.Steps steps={['choose', 'details', ...(withDocuments ? (['documents'] as const) : []), 'pay']} current={current} />;
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
  /** The shell's Offers page (/promotion): claims the trial or welcome offer, issuing the pass it gives. */
  offersPage: '/promotion',
};
