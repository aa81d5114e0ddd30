// Paying an order: the list of methods or one method's form, the decline or error (announced and focused), and the
// waiting screen while a payment settles (also when the rider comes back from the gateway's page: ?payment=<id>).
import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import type { OrderStatus, PaymentMethodsResponse } from '@sawari/contracts';
import { formatPaise } from '@sawari/domain';
import { Spinner } from '@sawari/ui';
import { AppLink } from '../common/nav';
import { attemptBook } from './attempts';
import { failureMessageId, isRefunded } from './failureReasons';
import { normaliseVpa, type CheckoutMethod } from './methodForms';
import { gatewayReturnOf, usePayment, type PayState } from './usePayment';
import { type Order, type Forms, basePath } from './checkout-types';
import { methodTitle, methodDescription } from './method-text';
import { ProductLinks } from './ProductLinks';
import { MethodForm } from './MethodForm';
import { Waiting } from './Waiting';
import page from '../common/page.module.css';
import styles from './checkout.module.css';

export function Payer({
  order,
  method,
  status,
  methods,
  product,
  initial,
  offerBank = null,
  onRepriced,
}: {
  order: Order;
  method: CheckoutMethod | null;
  status: OrderStatus;
  methods: PaymentMethodsResponse | null;
  product: string;
  initial: { processing: boolean; paymentId: string | null };
  /** The order's bank offer bank (a pass order's "Bank offer (HDFC)" line), if any. */
  offerBank?: string | null;
  onRepriced: (amountPaise: number) => void;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  // Back from the gateway's page: ?payment=<id>(&left=1), read once; the query is then dropped from the address (a
  // reload resumes the payment from this tab's attempt, and a later attempt is not confused with this one).
  const [returned] = useState(() => gatewayReturnOf(location.search));
  useEffect(() => {
    if (returned) history.replaceState(history.state, '', location.pathname + location.hash);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const { state, pay, checkNow, backToGateway } = usePayment(
    order,
    { ...initial, returned, method: method ?? undefined },
    { returnData: status.returnData, amountPaise: status.amountPaise, onRepriced },
  );
  const amount = formatPaise(status.amountPaise);
  const [forms, setForms] = useState<Forms>({ vpa: '', bank: '', wallet: '', cardBank: '' });
  const problemRef = useRef<HTMLDivElement>(null);

  // A decline or an error is announced (role=alert) and focused, so keyboard and screen-reader riders land on it.
  useEffect(() => {
    if (state.kind === 'failed' || state.kind === 'error' || state.kind === 'repriced') problemRef.current?.focus();
  }, [state.kind]);

  // An order that can be paid is this tab's unfinished checkout until it is paid (offered again at /select-payment).
  useEffect(() => {
    attemptBook().remember(order);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const instrument = instrumentOf(state.kind === 'polling' || state.kind === 'failed' ? state.method : method, forms, methods);
  if (state.kind === 'paid') return <Spinner label={t('checkout.paid', { product })} />;
  if (state.kind === 'polling')
    return (
      <>
        <Waiting state={state} amount={amount} instrument={instrument} onCheckNow={checkNow} onBackToGateway={backToGateway} />
        {state.method !== 'cash' && (
          <p>
            <AppLink to={basePath(order)}>{t('checkout.methods.other')}</AppLink>
          </p>
        )}
      </>
    );

  const info = method ? methods?.methods.find((m) => m.method === method) : undefined;
  // A decline belongs to its method's screen (and the list); another method's form starts clean.
  const shown = state.kind === 'failed' && method && state.method !== method ? ({ kind: 'idle' } as const) : state;
  const problem = <Problem state={shown} refEl={problemRef} instrument={instrument} />;
  if (!method) {
    return (
      <>
        {problem}
        <MethodList order={order} methods={methods} />
      </>
    );
  }
  return (
    <>
      {problem}
      {!info ? (
        <p className={page.alert} role="alert">
          {t(methods ? 'checkout.methodUnavailable' : 'checkout.noCity')}
        </p>
      ) : (
        <MethodForm
          method={method}
          info={info}
          forms={forms}
          setForms={setForms}
          state={state}
          amount={amount}
          product={product}
          offerBank={offerBank}
          pay={pay}
        />
      )}
      <p>
        <AppLink to={basePath(order)}>{t('checkout.methods.other')}</AppLink>
      </p>
    </>
  );
}

/** What the rider is paying with, for the waiting and declined messages (a card is only known to the gateway's page). */
function instrumentOf(method: string | null, forms: Forms, methods: PaymentMethodsResponse | null): string | null {
  const label = (m: string, code: string) => methods?.methods.find((x) => x.method === m)?.options.find((o) => o.code === code)?.label ?? code;
  switch (method) {
    case 'upi':
      return normaliseVpa(forms.vpa) || null;
    case 'netbanking':
      return forms.bank ? label('netbanking', forms.bank) : null;
    case 'wallet':
      return forms.wallet ? label('wallet', forms.wallet) : null;
    default:
      return null;
  }
}

function Problem({ state, refEl, instrument }: { state: PayState; refEl: React.RefObject<HTMLDivElement | null>; instrument: string | null }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  if (state.kind === 'failed') {
    return (
      <div ref={refEl} tabIndex={-1} className={`${page.alert} ${styles.problem}`} role="alert">
        <strong>{t(isRefunded(state.reason) ? 'checkout.failure.refundedHeading' : 'checkout.failure.heading')}</strong>
        {instrument && <p className={styles.reason}>{t('checkout.paidWith', { instrument })}</p>}
        <p className={styles.reason}>{t(failureMessageId(state.reason))}</p>
      </div>
    );
  }
  if (state.kind === 'repriced') {
    return (
      <div ref={refEl} tabIndex={-1} className={`${page.alert} ${styles.problem}`} role="alert">
        <strong>{t('checkout.repriced.heading')}</strong>
        <p className={styles.reason}>{t('checkout.repriced.bankOffer', { from: formatPaise(state.fromPaise), to: formatPaise(state.toPaise) })}</p>
      </div>
    );
  }
  if (state.kind !== 'error') return <div ref={refEl} />;
  const text =
    state.error === 'validation'
      ? t('checkout.error.validation', { reason: state.message ?? '' })
      : state.error === 'refused'
        ? state.code === 'RAW_CARD_REFUSED'
          ? t('checkout.error.RAW_CARD_REFUSED')
          : t('checkout.error.refused', { reason: state.message ?? '' })
        : t(`checkout.error.${state.error}`);
  return (
    <div ref={refEl} tabIndex={-1} className={`${page.alert} ${styles.problem}`} role="alert">
      <p className={styles.reason}>{text}</p>
      {state.error === 'notFound' && <ProductLinks />}
    </div>
  );
}

function MethodList({ order, methods }: { order: Order; methods: PaymentMethodsResponse | null }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  if (!methods) {
    return (
      <p className={page.alert} role="alert">
        {t('checkout.noCity')} <AppLink to="/change-city">{t('home.changeCity')}</AppLink>
      </p>
    );
  }
  if (methods.methods.length === 0) return <p className={page.notice}>{t('checkout.methods.none')}</p>;
  return (
    <nav aria-labelledby="checkout-methods">
      <h2 id="checkout-methods">{t('checkout.methods.heading')}</h2>
      <ul className={page.cards}>
        {methods.methods.map((m) => (
          <li key={m.method}>
            <AppLink className={page.card} to={`${basePath(order)}/${m.method}`}>
              <span className={page.cardTitle}>{methodTitle(intl, m)}</span>
              <span className={page.cardDesc}>{methodDescription(intl, m)}</span>
            </AppLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
