// Pieces every premium screen uses: the shared rider frame (@sawari/ui/src/rider.tsx) with this remote's classes and
// wording, money and times in India, the city gate for the one premium city, and the refused-request panel.
import { useCallback, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { formatCityDate, formatCityDateTime, formatCityTime, formatPaise, isPremiumEnabled, seatStatus } from '@sawari/domain';
import { ToneIcon } from '@sawari/ui/src/icons';
import { ListSkeleton, LoadError } from '@sawari/ui/src/intl';
import { RequireSignIn, riderStyles, riderUi, useT } from '@sawari/ui/src/rider';
import { asApiError, useAsync, type AsyncState } from '@sawari/ui/src/async';
import { errorMessageId } from './model';
import flush from '@sawari/ui/src/rider-flush.module.css';
import own from './premium.module.css';

/** rider.module.css, its flush page, card and panels (rider-flush.module.css) and premium.module.css. */
export const styles: Readonly<Record<string, string>> = { ...riderStyles, ...flush, ...own };
const ui = riderUi(styles);
export { ListSkeleton, LoadError, RequireSignIn, asApiError, useAsync, useT, type AsyncState };
export const { Page } = ui;
export const money = formatPaise;

/** "7:20 pm" / "23 Nov 2026" in India time, in the rider's language. */
export function useTimes() {
  const { locale } = useIntl();
  const time = useCallback((ms: number) => formatCityTime(ms, locale), [locale]);
  const date = useCallback((ms: number) => formatCityDate(ms, locale), [locale]);
  return { time, date };
}

/** A slot's day: today / tomorrow / a weekday name (server's dayLabel, spec §9), else its date. */
export function useDay() {
  const t = useT();
  const { date } = useTimes();
  return useCallback((label: string | null, ms: number) => (label ? t(`day.${label}`) : date(ms)), [t, date]);
}

/**
 * Reserved seats are sold where the city's `premium` feature is on, and only in the one city of the app-version window
 * (spec §6, isPremiumEnabled): renders children with the rider's city id there; elsewhere a clear panel.
 */
/**
 * A line's own text (its description) in the rider's language: the translation the API sends with the line
 * (`translations[lang][english]`), else the English text.
 */
export function useLineText(): (line: { translations?: Record<string, Record<string, string>> }, text: string) => string {
  const { locale } = useIntl();
  const lang = locale.slice(0, 2);
  return (line, text) => line.translations?.[lang]?.[text] ?? text;
}

export function PremiumGate({ children }: { children: (city: string) => ReactNode }) {
  const t = useT();
  return (
    <ui.CityGate feature="premium">
      {(city) =>
        isPremiumEnabled(city.id) ? (
          children(city.id)
        ) : (
          <section className={styles.warn} aria-labelledby="premium-off">
            <h2 id="premium-off">{t('city.premiumOff.title', { city: city.name })}</h2>
            <p>{t('city.premiumOff.body')}</p>
            <p className={styles.actions}>
              <a href="/app/change-city">{t('city.change')}</a>
              <a href="/app/">{t('common.home')}</a>
            </p>
          </section>
        )
      }
    </ui.CityGate>
  );
}

export function ProblemPanel({
  error,
  onRetry,
  action,
}: {
  error: { code?: string; message?: string } | null;
  onRetry?: () => void;
  action?: { path: string; labelId: string } | null;
}) {
  return <ui.ProblemPanel error={error} messageId={errorMessageId} action={action} onRetry={onRetry} />;
}

/**
 * A booking's status as every screen tells it (shared/domain productStatus for a seat, the wallet's model): the
 * headline ("Cancelled by the operator"), the spec §4 pill with its tone, and nothing that counts down for a booking
 * that was cancelled, replaced or moved.
 */
export function SeatStatus({
  b,
  now,
  headline = true,
}: {
  b: { status: string; tripSlotStartTime: number; arrivalTime: number };
  now: number;
  headline?: boolean;
}) {
  const t = useT();
  const { locale } = useIntl();
  const v = seatStatus(b, now);
  const cls = v.pill.tone === 'ok' ? styles.badgeOk : v.pill.tone === 'warn' ? styles.badgeWarn : v.pill.tone === 'bad' ? styles.badgeBad : '';
  const date = v.pill.at === undefined ? undefined : v.pill.dateOnly ? formatCityDate(v.pill.at, locale) : formatCityDateTime(v.pill.at, locale);
  return (
    <>
      {headline && v.headline !== 'valid' && (
        <strong className={styles.headline} data-testid="seat-headline" data-headline={v.headline}>
          {t(`headline.${v.headline}`)}{' '}
        </strong>
      )}
      <span className={`${styles.badge} ${cls}`} data-testid="status-pill" data-tone={v.pill.tone}>
        <ToneIcon tone={v.pill.tone} />
        {t(`status.${v.pill.label}`, date ? { date } : undefined)}
      </span>
    </>
  );
}
