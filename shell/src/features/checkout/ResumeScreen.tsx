import { useIntl } from 'react-intl';
import { useAtomValue } from 'jotai';
import type { OrderStatus } from '@sawari/contracts';
import { formatPaise } from '@sawari/domain';
import { api, checkoutKindText, isCheckoutProductType, sessionAtom, sessionLoadedAtom } from '@sawari/runtime';
import { EmptyState, ListSkeleton, LoadError, Page } from '../common/Page';
import { AppLink } from '../common/nav';
import { useAsync } from '../common/useAsync';
import { attemptBook, type LastCheckout } from './attempts';
import { ProductLinks } from './ProductLinks';
import page from '../common/page.module.css';

const pathOf = (l: LastCheckout) => `/select-payment/${encodeURIComponent(l.agency)}/${encodeURIComponent(l.productType)}/${encodeURIComponent(l.orderId)}`;

/**
 * /select-payment without an order: offers the rider's last unfinished checkout in this tab (kept in sessionStorage
 * for 24 h), checked against the server; otherwise says there is nothing to pay and links to passes and tickets.
 */
export default function ResumeScreen() {
  const intl = useIntl();
  const loaded = useAtomValue(sessionLoadedAtom);
  const signedIn = !!useAtomValue(sessionAtom).accessToken;
  const last = attemptBook().last();
  const resumable = last && isCheckoutProductType(last.productType) ? last : null;
  return (
    <Page heading={intl.formatMessage({ id: 'checkout.resume.heading' })}>
      {!loaded ? <ListSkeleton rows={2} /> : resumable && signedIn ? <LastOrder last={resumable} /> : <NothingToPay />}
    </Page>
  );
}

function NothingToPay({ paid = false }: { paid?: boolean }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <EmptyState heading={t('checkout.resume.none')}>
      {paid && <p>{t('checkout.resume.paid')}</p>}
      <p>{t('checkout.resume.noneText')}</p>
      <ProductLinks />
    </EmptyState>
  );
}

function LastOrder({ last }: { last: LastCheckout }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const status = useAsync(
    () => api.get<OrderStatus>(`/payments/orders/${encodeURIComponent(last.productType)}/${encodeURIComponent(last.orderId)}/status`),
    `${last.productType}/${last.orderId}`,
  );
  if (status.status === 'loading') return <ListSkeleton rows={2} />;
  if (status.status === 'error') {
    if (status.error.code === 'ORDER_NOT_FOUND' || status.error.code === 'ORDER_KIND_UNKNOWN') return <NothingToPay />;
    return <LoadError error={status.error} onRetry={status.retry} />;
  }
  const s = status.data;
  if (s.status === 'SUCCESS' || s.amountPaise <= 0) {
    if (s.status === 'SUCCESS') attemptBook().finish(last);
    return <NothingToPay paid={s.status === 'SUCCESS'} />;
  }
  return (
    <section aria-labelledby="resume-heading">
      <h2 id="resume-heading">{t('checkout.resume.continue')}</h2>
      <AppLink className={page.card} to={pathOf(last)}>
        <span className={page.cardTitle}>
          {t('checkout.resume.item', {
            product: checkoutKindText(last.productType, 'product', intl.locale) ?? last.productType,
            amount: formatPaise(s.amountPaise),
          })}
        </span>
        <span className={page.cardDesc}>
          {t(s.status === 'PAYMENT_PROCESSING' ? 'checkout.resume.processing' : 'checkout.resume.link')} · {t('checkout.summary.order')} {last.orderId}
        </span>
      </AppLink>
      <h2>{t('checkout.resume.other')}</h2>
      <ProductLinks />
    </section>
  );
}
