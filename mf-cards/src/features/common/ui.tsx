// Pieces every card screen uses: the shared rider frame (@sawari/ui/src/rider.tsx) with this remote's classes and
// wording, money, dates, the refused-request panel and a card's one-line description.
import { useCallback } from 'react';
import { Link } from 'react-router-dom';
import { useIntl } from 'react-intl';
import { formatCityDate, formatCityDateTime, formatPaise } from '@sawari/domain';
import type { LinkedCard } from '@sawari/contracts';
import { ListSkeleton, LoadError } from '@sawari/ui/src/intl';
import { RequireSignIn, riderStyles, riderUi, useT } from '@sawari/ui/src/rider';
import { asApiError, useAsync } from '@sawari/ui/src/async';
import { cardsApi } from './api';
import flush from '@sawari/ui/src/rider-flush.module.css';
import own from './cards.module.css';

/** rider.module.css, its flush card and panels (rider-flush.module.css; the page keeps its plain disabled buttons) and
 *  cards.module.css. */
export const styles: Readonly<Record<string, string>> = {
  ...riderStyles,
  card: flush.card,
  alert: flush.alert,
  warn: flush.warn,
  notice: flush.notice,
  ...own,
};
const ui = riderUi(styles);

export { ListSkeleton, LoadError, RequireSignIn, asApiError, useAsync, useT };
export const { Page, FareBreakup: SharedBreakup } = ui;
export const money = formatPaise;

/** "14 Aug 2025" and "22 Dec, 11:59 PM" in city time (Asia/Kolkata), month names in the rider's language. */
export function useDates() {
  const { locale } = useIntl();
  const date = useCallback((ms: number) => formatCityDate(ms, locale), [locale]);
  const dateTime = useCallback((ms: number) => formatCityDateTime(ms, locale), [locale]);
  return { date, dateTime };
}

const ERROR_IDS: Record<string, string> = {
  NETWORK_ERROR: 'common.error.network',
  CARD_UNKNOWN: 'error.cardUnknown',
  CARD_LINKED_ELSEWHERE: 'error.linkedElsewhere',
  CARD_BLOCKED: 'error.cardBlocked',
  CARD_EXPIRED: 'error.cardExpired',
  TOO_MANY_CARDS: 'error.tooManyCards',
  CARD_NOT_FOUND: 'error.cardNotFound',
  ORDER_NOT_FOUND: 'error.orderNotFound',
  OVER_CHIP_LIMIT: 'error.overLimit',
  CHIP_LIMIT_REACHED: 'amount.error.full',
  AMOUNT_TOO_SMALL: 'error.tooSmall',
  AMOUNT_NOT_WHOLE_RUPEES: 'amount.error.whole',
  ORDER_NOT_PAID: 'error.notPaid',
};

/** A refused request in words (by its code; a code this remote has no words for gets the shared rider words of its kind,
 *  never the server's message), with Retry; focused when it appears. */
export function ProblemPanel({
  error,
  onRetry,
  action,
}: {
  error: { code?: string; message?: string } | null;
  onRetry?: () => void;
  action?: { path: string; labelId: string } | null;
}) {
  return <ui.ProblemPanel error={error} messageId={(code) => (code ? ERROR_IDS[code] : undefined)} action={action} onRetry={onRetry} />;
}

/** The recharge's fee breakup (paise) and the amount to pay. */
export function FareBreakup({ paid, ...props }: { lines: { name: string; value: number }[]; payable: number; caption: string; paid?: boolean }) {
  return <ui.FareBreakup {...props} payableId={paid ? 'breakup.paid' : 'breakup.payable'} />;
}

/** A card's kind in words. */
export const kindId = (kind: LinkedCard['kind']) => (kind === 'ncmc' ? 'kind.ncmc' : 'kind.closedLoop');

/** Balance on the chip as last seen, pending and staged money, when it was last seen: a card's facts. */
export function CardFacts({ card }: { card: LinkedCard }) {
  const t = useT();
  const { dateTime } = useDates();
  return (
    <dl className={styles.facts}>
      <dt>{t('card.number')}</dt>
      <dd className={styles.number}>{card.maskedNumber}</dd>
      <dt>{t('card.kind')}</dt>
      <dd>{t(kindId(card.kind))}</dd>
      <dt>{t('card.balance')}</dt>
      <dd>{money(card.chipBalancePaise)}</dd>
      <dt>{t('card.pending')}</dt>
      <dd>{money(card.pendingPaise)}</dd>
      {card.kind === 'ncmc' && (
        <>
          <dt>{t('card.staged')}</dt>
          <dd>{money(card.stagedPaise)}</dd>
        </>
      )}
      <dt>{t('card.lastSeen')}</dt>
      <dd>{card.chipSeenAt ? dateTime(card.chipSeenAt) : t('card.neverSeen')}</dd>
      {(card.status === 'BLOCKED' || card.expired) && (
        <>
          <dt>{t('card.status')}</dt>
          <dd className={styles.error}>{t(card.status === 'BLOCKED' ? 'card.blocked' : 'card.expired')}</dd>
        </>
      )}
    </dl>
  );
}

/** The linked card named by `?card=` (or null while the list loads): the screens carry the reference, never a number. */
export function useCard(ref: string | null) {
  return useAsync(ref ? () => cardsApi.info(ref) : null, ref ?? '');
}

/** The way to link another card, below a list of cards. */
export function LinkACard() {
  const t = useT();
  return (
    <p className={styles.actions}>
      <Link className={styles.linkSecondary} to="/sawari-card/link-card-form">
        {t('cards.link')}
      </Link>
    </p>
  );
}
