// Home's "ready to ride" card: the rider's valid ticket or pass in this city, one tap to its QR.
// Signed-out riders, riders with nothing valid, and a wallet that cannot be read (offline: the wallet screen has its
// own offline copy) show nothing here: Home stays usable.
import { useIntl } from 'react-intl';
import { useAtomValue } from 'jotai';
import { api, serverNow, sessionAtom, type CityConfig } from '@sawari/runtime';
import { countdown, formatCityDateTime, lastValidInstant, type Countdown } from '@sawari/domain';
import type { WalletItem, WalletResponse } from '@sawari/contracts';
import { AppLink } from '../common/nav';
import { useAsync } from '../common/useAsync';
import styles from '../common/page.module.css';
import own from './home.module.css';
import { activeItem, codePath } from './activeItem';

export function ActiveItem({ city, soundValidation }: { city: CityConfig; soundValidation: boolean }) {
  const signedIn = !!useAtomValue(sessionAtom).accessToken;
  const wallet = useAsync(signedIn ? () => api.get<WalletResponse>('/tickets/wallet', { params: { city: city.id } }) : null, `${signedIn}|${city.id}`);
  if (!signedIn || wallet.status !== 'ready') return null;
  const now = serverNow();
  const item = activeItem(wallet.data.items, now);
  return item ? <ActiveCard item={item} now={now} to={codePath(item, soundValidation)} /> : null;
}

function ActiveCard({ item, now, to }: { item: WalletItem; now: number; to: string }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const left = item.expiryTime == null ? null : countdown(item.expiryTime - now);
  const words = (c: Countdown) =>
    c.unit === 'days'
      ? t('home.active.days', { n: c.days })
      : c.unit === 'hours'
        ? t('home.active.hours', { h: c.hours, m: c.minutes })
        : c.unit === 'minutes'
          ? t('home.active.minutes', { n: c.minutes })
          : c.unit === 'seconds'
            ? t('home.active.seconds', { n: c.seconds })
            : '';
  const title = item.ticketId
    ? item.productSubType === 'instantTicket'
      ? t('home.active.instant')
      : item.fromStopName && item.toStopName
        ? t('home.active.journey', { from: item.fromStopName, to: item.toStopName })
        : t('home.active.ticket')
    : t('home.active.pass', { name: item.translations?.[intl.locale.split('-')[0]]?.[item.categoryName] ?? item.categoryName });
  const until = item.expiryTime == null ? null : formatCityDateTime(item.ticketId ? item.expiryTime : lastValidInstant(item.expiryTime), intl.locale);
  return (
    <section aria-labelledby="home-active" className={own.active} data-testid="home-active" data-transaction-id={item.transactionId}>
      <h2 id="home-active">{t('home.active.heading')}</h2>
      <p className={styles.cardTitle}>{title}</p>
      {until && (
        <p className={own.activeUntil}>
          {t('home.active.validUntil', { date: until })}
          {left && left.unit !== 'none' && <> · {t('home.active.expiresIn', { left: words(left) })}</>}
        </p>
      )}
      <AppLink to={to} className={own.activeButton}>
        {t('home.active.show')}
      </AppLink>
    </section>
  );
}
