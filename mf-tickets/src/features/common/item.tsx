// The pieces that show one wallet item, shared by the wallet list and every item screen (title, route and passengers,
// legs, holder and number, status label with the countdown, the offline note). Here, not in WalletScreen, so the item
// screens do not import the wallet screen (whose offline warm-up imports them: no import circle).
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { WalletItem } from '@sawari/contracts';
import { shortId } from '@sawari/domain';
import { ToneIcon } from '@sawari/ui/src/icons';
import { expiryCountdown, itemView, seatDeparture, statusLabelParts, whoFor } from './model';
import { money, styles, useCountdownWords, useDates, useT } from './ui';
import type { WalletView } from '../wallet/useWallet';

export function ItemTitle({ item }: { item: WalletItem }) {
  const t = useT();
  const tr = useItemText(item);
  if (item.ticketId) {
    if (item.productSubType === 'instantTicket') return <>{t('buy.instant.title')}</>;
    if (item.fromStopName && item.toStopName) return <>{t('item.journey', { from: item.fromStopName, to: item.toStopName })}</>;
    return <>{t('item.ticket')}</>;
  }
  return <>{item.categoryName ? t('item.passOf', { name: tr(item.categoryName) }) : t('item.pass')}</>;
}

/** Who the item is for in the rider's language ("वयस्क × 1", "₹20 टिकट × 2"), from its fields (model whoFor). */
export function useWho(item: WalletItem): string {
  const t = useT();
  const tr = useItemText(item);
  return whoFor(item)
    .map((w) =>
      w.kind === 'passenger'
        ? `${t(`passenger.${w.passenger}`)} × ${w.count}`
        : w.kind === 'instant'
          ? `${t('item.instantFare', { fare: money(w.farePaise) })} × ${w.count}`
          : tr(w.name),
    )
    .join(', ');
}

/** Route and passengers of a ticket; what a pass is (e.g. "30 days"). */
export function ItemSubtitle({ item }: { item: WalletItem }) {
  const t = useT();
  const tr = useItemText(item);
  const who = useWho(item);
  // a ticket bought with a planned journey says which of its buses it is for ("Journey ticket 1 of 2")
  const leg = item.journey ? t('item.journeyLeg', { leg: String(item.journey.leg), legs: String(item.journey.legs) }) : null;
  if (item.ticketId) return <>{[leg, item.routeName, who].filter(Boolean).join(' · ')}</>;
  return <>{tr(item.desc ?? item.categoryName)}</>;
}

/** The legs of a multi-route ticket, one per line ("AE3 Terminal 2 Bus Bay → Sion Circle"); nothing for one leg. */
export function ItemLegs({ item }: { item: WalletItem }) {
  const t = useT();
  if (!item.legs || item.legs.length < 2) return null;
  return (
    <span className={styles.cardLegs} data-testid="item-legs">
      {item.legs.map((l, i) => (
        <span key={`${i}-${l.routeId}`} className={styles.cardLeg}>
          <span className={styles.legNo} aria-hidden="true">
            {i + 1}
          </span>
          <strong>{l.routeName}</strong> {t('item.journey', { from: l.fromStopName, to: l.toStopName })}
        </span>
      ))}
    </span>
  );
}

/**
 * Whose pass this is and its readable number: the holder's photograph from the verified documents
 * (where the category has one), the name it was bought in, and "Pass no. K7M2 9QXA" (shared/domain shortId) instead of
 * the 40-50 character transactionId. A ticket shows its number only.
 */
export function Holder({ item }: { item: WalletItem }) {
  const t = useT();
  const name = item.holder?.name ?? null;
  const photo = item.holder?.photoUrl ?? null;
  return (
    <div className={styles.holder} data-testid="holder">
      {photo && <img className={styles.holderPhoto} src={photo} alt={t('holder.photoAlt', { name: name ?? '' })} width={56} height={56} />}
      <p>
        {name && <strong className={styles.holderName}>{name}</strong>}
        <span className={styles.holderId}>{t(item.ticketId ? 'holder.ticketNo' : 'holder.passNo', { id: shortId(item.transactionId) })}</span>
      </p>
    </div>
  );
}

/**
 * The spec §4 status label in the rider's language (shared/domain productStatus's pill, its tone included), and the
 * validity line: how long is left on a valid item ("expires in 12 min"). A cancelled, replaced, moved, failed or
 * pending item has no validity line, and an item in the Expired tab never a forward-looking one.
 */
export function StatusLabel({ item, now }: { item: WalletItem; now: number }) {
  const t = useT();
  const { date, dayTime } = useDates();
  const words = useCountdownWords();
  const parts = statusLabelParts(item, now, date, dayTime);
  const { pill } = itemView(item, now);
  const left = expiryCountdown(item, now);
  const tone = pill.tone === 'ok' ? styles.badgeOk : pill.tone === 'bad' ? styles.badgeBad : pill.tone === 'warn' ? styles.badgeWarn : styles.badge;
  return (
    <>
      <span className={`${styles.badge} ${tone}`} data-testid="status-pill" data-tone={pill.tone}>
        <ToneIcon tone={pill.tone} />
        {t(parts.id, parts.date ? { date: parts.date } : undefined)}
      </span>
      {left && (
        <span className={`${styles.small} ${styles.countdownText}`} data-testid="expires-in">
          {' '}
          {t('countdown.expiresIn', { left: words(left) })}
        </span>
      )}
    </>
  );
}

/** What happened to the item, in one phrase ("Cancelled by the operator"): productStatus's headline; none while valid. */
export function ItemHeadline({ item, now }: { item: WalletItem; now: number }) {
  const t = useT();
  const { headline } = itemView(item, now);
  if (headline === 'valid') return null;
  return (
    <p className={styles.headline} data-testid="item-headline" data-headline={headline}>
      {t(`headline.${headline}`)}
    </p>
  );
}

/** A reserved seat's departure ("Departs 27 Nov 2026, 8:00 PM"); nothing for other items. */
export function SeatDeparture({ item }: { item: WalletItem }) {
  const t = useT();
  const { dateTime } = useDates();
  const at = seatDeparture(item);
  if (at == null) return null;
  return (
    <span className={`${styles.small} ${styles.departure}`} data-testid="seat-departure">
      {t('item.departs', { time: dateTime(at) })}
    </span>
  );
}

export function SourceNote({ view }: { view: WalletView }) {
  const t = useT();
  const { dateTime } = useDates();
  if (view.source !== 'local' || view.refreshing) return null;
  return (
    <p className={styles.warn} role="status">
      {view.savedAt ? t('wallet.offlineSaved', { time: dateTime(view.savedAt) }) : t('wallet.offline')}
    </p>
  );
}

/**
 * The item as a validator or conductor reads it, on black: title, route and passengers, legs, holder and number, the
 * status label with its countdown, and whatever the screen adds (`children`). The ticket screen and the self-validation
 * confirmation show the same head, so the rider confirms what the conductor will see.
 */
export function TicketHead({ item, now, children }: { item: WalletItem; now: number; children?: ReactNode }) {
  return (
    <div className={styles.ticketHead}>
      <p className={styles.bigState}>
        <ItemTitle item={item} />
      </p>
      <p>
        <ItemSubtitle item={item} />
      </p>
      <ItemLegs item={item} />
      <SeatDeparture item={item} />
      <Holder item={item} />
      <ItemHeadline item={item} now={now} />
      <StatusLabel item={item} now={now} />
      {children}
    </div>
  );
}

/** The item's catalogue texts in the rider's language (the listing's `translations`; English where there is none). */
export function useItemText(item: WalletItem): (text: string) => string {
  const { locale } = useIntl();
  const dict = item.translations?.[locale.split('-')[0]];
  return (text) => dict?.[text] ?? text;
}
