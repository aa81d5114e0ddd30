import { useEffect, useRef, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { useAtomValue } from 'jotai';
import type { OrderStatus, PassOrder, PaymentMethodsResponse } from '@sawari/contracts';
import { formatPaise, maskCardNumber } from '@sawari/domain';
import { api, checkoutKindText, checkoutReturnPath, cityAtom, isCheckoutProductType, serverNow, type CheckoutProductType } from '@sawari/runtime';
import { Button, Spinner } from '@sawari/ui';
import { ListSkeleton, LoadError, Page } from '../common/Page';
import { AppLink, go } from '../common/nav';
import { useAsync } from '../common/useAsync';
import { RequireSession } from '../common/session';
import type { ScreenProps } from '../../layout/screen';
import { attemptBook, type OrderRef } from './attempts';
import {
  CARD_FIELDS,
  cardDetails,
  cardFingerprint,
  EMPTY_CARD,
  formatCardNumberInput,
  formatExpiryInput,
  validateCard,
  type CardErrors,
  type CardField,
  type CardForm,
} from './cardForm';
import { cityForMethods, fareLineLabel, payability } from './checkoutModel';
import { failureMessageId, fieldToFix } from './failureReasons';
import { choiceError, normaliseVpa, upiError, type CheckoutMethod } from './methodForms';
import { usePayment, type PayState } from './usePayment';
import page from '../common/page.module.css';
import styles from './checkout.module.css';

type Order = OrderRef & { productType: CheckoutProductType };
type Loaded = { status: OrderStatus; methods: PaymentMethodsResponse | null; passOrder: PassOrder | null };
type MethodInfo = PaymentMethodsResponse['methods'][number];

const basePath = (o: OrderRef) => `/select-payment/${encodeURIComponent(o.agency)}/${encodeURIComponent(o.productType)}/${encodeURIComponent(o.orderId)}`;

/** /select-payment/:agency/:productType/:orderId: the amount, the fare breakup and the ways to pay. */
export default function CheckoutScreen({ params }: ScreenProps) {
  return <Checkout params={params} method={null} />;
}
export const CardCheckoutScreen = ({ params }: ScreenProps) => <Checkout params={params} method="card" />;
export const WalletCheckoutScreen = ({ params }: ScreenProps) => <Checkout params={params} method="wallet" />;
export const UpiCheckoutScreen = ({ params }: ScreenProps) => <Checkout params={params} method="upi" />;
export const NetbankingCheckoutScreen = ({ params }: ScreenProps) => <Checkout params={params} method="netbanking" />;
export const CashCheckoutScreen = ({ params }: ScreenProps) => <Checkout params={params} method="cash" />;

function Checkout({ params, method }: ScreenProps & { method: CheckoutMethod | null }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const { agency = '', productType = '', orderId = '' } = params;
  if (!isCheckoutProductType(productType)) {
    return (
      <Page heading={t('checkout.unknownType.heading')}>
        <p role="alert">{t('checkout.unknownType.text', { productType })}</p>
        <ProductLinks />
      </Page>
    );
  }
  const order: Order = { agency, productType, orderId };
  const heading = method ? t(`checkout.method.${method}.heading`) : (checkoutKindText(productType, 'heading', intl.locale) ?? productType);
  return (
    <Page heading={heading}>
      <RequireSession path={basePath(order) + (method ? `/${method}` : '')}>
        <CheckoutBody order={order} method={method} />
      </RequireSession>
    </Page>
  );
}

/** Links to where orders are made (an order cannot be paid here, or there is none). */
export function ProductLinks() {
  const intl = useIntl();
  return (
    <ul className={styles.links}>
      <li>
        <AppLink to="/productHooks">{intl.formatMessage({ id: 'checkout.links.passes' })}</AppLink>
      </li>
      <li>
        <AppLink to="/buy-bus-ticket">{intl.formatMessage({ id: 'checkout.links.tickets' })}</AppLink>
      </li>
      <li>
        <AppLink to="/">{intl.formatMessage({ id: 'checkout.links.home' })}</AppLink>
      </li>
    </ul>
  );
}

function CheckoutBody({ order, method }: { order: Order; method: CheckoutMethod | null }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const chosenCity = useAtomValue(cityAtom);
  // The server re-priced the order for the instrument (a bank offer it does not earn): the new amount, shown at once.
  const [repricedPaise, setRepricedPaise] = useState<number | null>(null);
  const load = async (): Promise<Loaded> => {
    const status = await api.get<OrderStatus>(`/payments/orders/${encodeURIComponent(order.productType)}/${encodeURIComponent(order.orderId)}/status`);
    // The pass order adds its fare breakup and city; a checkout still works without it.
    const passOrder = order.productType === 'pass' ? await api.get<PassOrder>(`/passes/orders/${encodeURIComponent(order.orderId)}`).catch(() => null) : null;
    const city = cityForMethods(passOrder?.city, chosenCity);
    const methods = city ? await api.get<PaymentMethodsResponse>('/payments/methods', { params: { city, agency: order.agency || undefined } }) : null;
    return { status, methods, passOrder };
  };
  const data = useAsync(load, `${order.productType}/${order.orderId}/${chosenCity ?? ''}`);
  if (data.status === 'loading' || data.error?.code === 'REQUEST_CANCELLED_SESSION_TIMEOUT') return <ListSkeleton rows={4} />;
  if (data.status === 'error') {
    if (data.error.code === 'ORDER_NOT_FOUND' || data.error.code === 'ORDER_KIND_UNKNOWN') return <NotFound />;
    return <LoadError error={data.error} onRetry={data.retry} />;
  }
  const loaded = data.data;
  const status = repricedPaise === null ? loaded.status : { ...loaded.status, amountPaise: repricedPaise };
  // After a re-price the pass order's breakup is stale (it had the bank offer): the new total is shown alone.
  const passOrder = repricedPaise === null ? loaded.passOrder : null;
  const { methods } = loaded;
  const where = payability(status, loaded.passOrder?.status);
  const product = checkoutKindText(order.productType, 'product', intl.locale) ?? order.productType;
  return (
    <>
      <Summary status={status} passOrder={passOrder} />
      {where.kind === 'paid' ? (
        <AlreadyPaid order={order} product={product} returnData={status.returnData} />
      ) : where.kind === 'awaitingVerification' ? (
        <p className={page.alert} role="alert">
          {t('checkout.notPayable.verification')}
        </p>
      ) : where.kind === 'nothingToPay' ? (
        <p className={page.notice} role="status">
          {t('checkout.notPayable.nothing')}
        </p>
      ) : (
        <Payer
          order={order}
          method={method}
          status={status}
          methods={methods}
          product={product}
          initial={{ processing: where.kind === 'processing', paymentId: where.kind === 'processing' ? where.paymentId : null }}
          onRepriced={setRepricedPaise}
        />
      )}
    </>
  );
}

/** Paid already (another tab, or Back after paying): straight on to the product, replacing this entry. */
function AlreadyPaid({ order, product, returnData }: { order: Order; product: string; returnData?: Record<string, string> }) {
  const intl = useIntl();
  useEffect(() => {
    attemptBook().finish(order);
    go(checkoutReturnPath(order.productType, { ...returnData, orderId: order.orderId }), { replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return <Spinner label={intl.formatMessage({ id: 'checkout.paid' }, { product })} />;
}

function NotFound() {
  const intl = useIntl();
  return (
    <div role="alert">
      <h2>{intl.formatMessage({ id: 'checkout.notFound.heading' })}</h2>
      <p>{intl.formatMessage({ id: 'checkout.notFound.text' })}</p>
      <ProductLinks />
    </div>
  );
}

function Summary({ status, passOrder }: { status: OrderStatus; passOrder: PassOrder | null }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const lines = passOrder?.fareInfo.fareBreakup ?? [];
  return (
    <div className={styles.summary}>
      <p className={styles.amount}>
        <span>{t('checkout.summary.amount')}</span> <strong>{formatPaise(status.amountPaise)}</strong>
      </p>
      {status.freeWith && (
        <p className={page.notice} role="status">
          {t('checkout.freeWith', { offer: status.freeWith.label })}
        </p>
      )}
      <p className={styles.orderId}>
        {t('checkout.summary.order')} <span className={styles.mono}>{status.orderId}</span>
      </p>
      {lines.length > 0 && (
        <details className={styles.breakup}>
          <summary>{t('checkout.summary.breakup')}</summary>
          <dl>
            {lines.map((l, i) => {
              const label = fareLineLabel(l.name);
              return (
                <div key={i} className={styles.line}>
                  <dt>{label.id ? t(label.id, label.values) : l.name}</dt>
                  <dd>{formatPaise(l.value)}</dd>
                </div>
              );
            })}
            <div className={`${styles.line} ${styles.total}`}>
              <dt>{t('checkout.fare.total')}</dt>
              <dd>{formatPaise(status.amountPaise)}</dd>
            </div>
          </dl>
        </details>
      )}
    </div>
  );
}

type Forms = { card: CardForm; vpa: string; bank: string; wallet: string };

function Payer({
  order,
  method,
  status,
  methods,
  product,
  initial,
  onRepriced,
}: {
  order: Order;
  method: CheckoutMethod | null;
  status: OrderStatus;
  methods: PaymentMethodsResponse | null;
  product: string;
  initial: { processing: boolean; paymentId: string | null };
  onRepriced: (amountPaise: number) => void;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const { state, pay, checkNow } = usePayment(order, initial, { returnData: status.returnData, amountPaise: status.amountPaise, onRepriced });
  const amount = formatPaise(status.amountPaise);
  const [forms, setForms] = useState<Forms>({ card: EMPTY_CARD, vpa: '', bank: '', wallet: '' });
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
  if (state.kind === 'polling') return <Waiting state={state} amount={amount} instrument={instrument} onCheckNow={checkNow} />;

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
        <MethodForm method={method} info={info} forms={forms} setForms={setForms} state={state} amount={amount} product={product} pay={pay} />
      )}
      <p>
        <AppLink to={basePath(order)}>{t('checkout.methods.other')}</AppLink>
      </p>
    </>
  );
}

/** What the rider is paying with, for the waiting and declined messages: cards masked in groups of four (spec §9). */
function instrumentOf(method: string | null, forms: Forms, methods: PaymentMethodsResponse | null): string | null {
  const label = (m: string, code: string) => methods?.methods.find((x) => x.method === m)?.options.find((o) => o.code === code)?.label ?? code;
  switch (method) {
    case 'card':
      return forms.card.number.replace(/\D/g, '').length >= 12 ? maskCardNumber(forms.card.number) : null;
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
        <strong>{t('checkout.failure.heading')}</strong>
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
  const text = state.error === 'validation' ? t('checkout.error.validation', { reason: state.message ?? '' }) : t(`checkout.error.${state.error}`);
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

const KNOWN: readonly string[] = ['card', 'wallet', 'upi', 'netbanking', 'cash'];
const methodTitle = (intl: IntlShape, m: MethodInfo) => (KNOWN.includes(m.method) ? intl.formatMessage({ id: `checkout.method.${m.method}` }) : m.label);
function methodDescription(intl: IntlShape, m: MethodInfo): string {
  if (m.options.length) return m.options.map((o) => o.label).join(', ');
  return KNOWN.includes(m.method) ? intl.formatMessage({ id: `checkout.method.${m.method}.desc` }) : '';
}

type PayFn = ReturnType<typeof usePayment>['pay'];

function MethodForm({
  method,
  info,
  forms,
  setForms,
  state,
  amount,
  product,
  pay,
}: {
  method: CheckoutMethod;
  info: MethodInfo;
  forms: Forms;
  setForms: (f: (x: Forms) => Forms) => void;
  state: PayState;
  amount: string;
  product: string;
  pay: PayFn;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const sending = state.kind === 'sending';
  const failed = state.kind === 'failed' && state.method === method;
  const retryable = state.kind === 'error' && (state.error === 'offline' || state.error === 'generic');

  // After a decline, focus goes to the alert first; the field to change is marked for the rider.
  const fix = failed ? fieldToFix(state.reason) : null;

  const focus = (field: string) => document.getElementById(`checkout-${field}`)?.focus();
  const clear = (field: string) => setErrors(({ [field]: _gone, ...rest }) => rest);

  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    if (sending) return;
    let found: Record<string, string> = {};
    let details: unknown = {};
    let fingerprint: string = method;
    if (method === 'card') {
      found = validateCard(forms.card, serverNow()) as Record<string, string>;
      if (!Object.keys(found).length) {
        details = cardDetails(forms.card);
        fingerprint = cardFingerprint(forms.card);
      }
    } else if (method === 'upi') {
      const err = upiError(forms.vpa);
      if (err) found = { vpa: err };
      details = { vpa: normaliseVpa(forms.vpa) };
      fingerprint = `upi:${normaliseVpa(forms.vpa)}`;
    } else if (method === 'netbanking') {
      const err = choiceError(forms.bank, info.options, 'netbanking');
      if (err) found = { bank: err };
      details = { bank: forms.bank };
      fingerprint = `netbanking:${forms.bank}`;
    } else if (method === 'wallet') {
      const err = choiceError(forms.wallet, info.options, 'wallet');
      if (err) found = { wallet: err };
      details = { wallet: forms.wallet };
      fingerprint = `wallet:${forms.wallet}`;
    }
    setErrors(found);
    const first = [...CARD_FIELDS, 'vpa', 'bank', 'wallet'].find((f) => found[f]);
    if (first) return focus(first);
    void pay(method, details, fingerprint);
  };

  const setCard = (field: CardField) => (e: ChangeEvent<HTMLInputElement>) => {
    const raw = e.target.value;
    setForms((f) => {
      const value =
        field === 'number'
          ? formatCardNumberInput(raw)
          : field === 'expiry'
            ? formatExpiryInput(raw, f.card.expiry)
            : field === 'cvv'
              ? raw.replace(/\D/g, '').slice(0, 4)
              : raw;
      return { ...f, card: { ...f.card, [field]: value } };
    });
    clear(field);
  };

  const errorCount = Object.keys(errors).length;
  const payLabel = sending
    ? t('checkout.paying')
    : method === 'cash'
      ? t('checkout.cash.button')
      : failed
        ? t('checkout.tryAgain', { amount })
        : t('checkout.pay', { amount });

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-busy={sending}>
      {errorCount > 0 && (
        <p className={`${page.alert} ${styles.problem}`} role="alert">
          {t('checkout.errors', { count: errorCount })}
        </p>
      )}
      {method === 'card' && <CardFields card={forms.card} errors={errors} fix={fix} onChange={setCard} />}
      {method === 'upi' && (
        <Field id="vpa" label={t('checkout.upi.vpa')} hint={t('checkout.upi.hint')} error={errors.vpa && t(errors.vpa)}>
          <input
            className={page.input}
            {...described('vpa', errors, true, fix === 'vpa')}
            type="text"
            inputMode="email"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            value={forms.vpa}
            onChange={(e) => {
              const vpa = e.target.value;
              setForms((f) => ({ ...f, vpa }));
              clear('vpa');
            }}
          />
        </Field>
      )}
      {(method === 'netbanking' || method === 'wallet') && (
        <Choice
          name={method === 'netbanking' ? 'bank' : 'wallet'}
          legend={t(method === 'netbanking' ? 'checkout.netbanking.bank' : 'checkout.wallet.choose')}
          hint={method === 'netbanking' ? t('checkout.netbanking.hint') : undefined}
          options={info.options}
          value={method === 'netbanking' ? forms.bank : forms.wallet}
          error={errors[method === 'netbanking' ? 'bank' : 'wallet']}
          onChange={(code) => {
            setForms((f) => (method === 'netbanking' ? { ...f, bank: code } : { ...f, wallet: code }));
            clear(method === 'netbanking' ? 'bank' : 'wallet');
          }}
        />
      )}
      {method === 'cash' && <p>{t('checkout.cash.intro', { amount, product })}</p>}
      {method === 'card' && <p className={page.hint}>{t('checkout.card.secure')}</p>}
      <div className={page.actions}>
        <Button type="submit" disabled={sending} aria-disabled={sending}>
          {payLabel}
        </Button>
        {retryable && (
          <Button variant="secondary" onClick={() => submit()}>
            {t('common.retry')}
          </Button>
        )}
      </div>
      {sending && <Spinner label={t('checkout.paying')} />}
    </form>
  );
}

function Field({ id, label, hint, error, children }: { id: string; label: string; hint?: string; error?: string | false; children: ReactNode }) {
  return (
    <div className={page.field}>
      <label htmlFor={`checkout-${id}`}>{label}</label>
      {children}
      {hint && (
        <span id={`checkout-${id}-hint`} className={page.hint}>
          {hint}
        </span>
      )}
      {error && (
        <span id={`checkout-${id}-error`} className={page.error}>
          {error}
        </span>
      )}
    </div>
  );
}

function described(field: string, errors: Record<string, string>, hint = false, fix = false) {
  const ids = [hint && `checkout-${field}-hint`, errors[field] && `checkout-${field}-error`].filter(Boolean).join(' ');
  return { id: `checkout-${field}`, 'aria-invalid': errors[field] || fix ? true : undefined, 'aria-describedby': ids || undefined };
}

function CardFields({
  card,
  errors,
  fix,
  onChange,
}: {
  card: CardForm;
  errors: CardErrors;
  fix: string | null;
  onChange: (f: CardField) => (e: ChangeEvent<HTMLInputElement>) => void;
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const e = errors as Record<string, string>;
  return (
    <>
      <Field id="number" label={t('checkout.card.number')} hint={t('checkout.card.numberHint')} error={e.number && t(e.number)}>
        <input
          className={`${page.input} ${styles.mono}`}
          {...described('number', e, true, fix === 'number')}
          inputMode="numeric"
          autoComplete="cc-number"
          maxLength={23}
          value={card.number}
          onChange={onChange('number')}
        />
      </Field>
      <div className={styles.pair}>
        <Field id="expiry" label={t('checkout.card.expiry')} error={e.expiry && t(e.expiry)}>
          <input
            className={page.input}
            {...described('expiry', e, false, fix === 'expiry')}
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM/YY"
            maxLength={5}
            value={card.expiry}
            onChange={onChange('expiry')}
          />
        </Field>
        <Field id="cvv" label={t('checkout.card.cvv')} hint={t('checkout.card.cvvHint')} error={e.cvv && t(e.cvv)}>
          <input
            className={page.input}
            {...described('cvv', e, true)}
            type="password"
            inputMode="numeric"
            autoComplete="cc-csc"
            maxLength={4}
            value={card.cvv}
            onChange={onChange('cvv')}
          />
        </Field>
      </div>
      <Field id="name" label={t('checkout.card.name')} error={e.name && t(e.name)}>
        <input
          className={page.input}
          {...described('name', e)}
          autoComplete="cc-name"
          autoCapitalize="characters"
          maxLength={60}
          value={card.name}
          onChange={onChange('name')}
        />
      </Field>
    </>
  );
}

function Choice({
  name,
  legend,
  hint,
  options,
  value,
  error,
  onChange,
}: {
  name: string;
  legend: string;
  hint?: string;
  options: { code: string; label: string }[];
  value: string;
  error?: string;
  onChange: (code: string) => void;
}) {
  const intl = useIntl();
  return (
    <fieldset
      className={styles.choice}
      aria-invalid={error ? true : undefined}
      aria-describedby={[hint && `checkout-${name}-hint`, error && `checkout-${name}-error`].filter(Boolean).join(' ') || undefined}
    >
      <legend>{legend}</legend>
      {hint && (
        <p id={`checkout-${name}-hint`} className={page.hint}>
          {hint}
        </p>
      )}
      <div className={styles.options}>
        {options.map((o, i) => (
          <label key={o.code} className={styles.option}>
            <input
              type="radio"
              id={i === 0 ? `checkout-${name}` : undefined}
              name={name}
              value={o.code}
              checked={value === o.code}
              onChange={() => onChange(o.code)}
            />
            <span>{o.label}</span>
          </label>
        ))}
      </div>
      {error && (
        <p id={`checkout-${name}-error`} className={page.error}>
          {intl.formatMessage({ id: error })}
        </p>
      )}
    </fieldset>
  );
}

function Waiting({
  state,
  amount,
  instrument,
  onCheckNow,
}: {
  state: Extract<PayState, { kind: 'polling' }>;
  amount: string;
  instrument: string | null;
  onCheckNow: () => void;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const cash = state.method === 'cash';
  const waitingId = KNOWN.includes(state.method) ? `checkout.waiting.${state.method}` : 'checkout.waiting.other';
  return (
    <div className={styles.waiting}>
      <div role="status" aria-live="polite" className={styles.waitingStatus}>
        <span className={styles.pulse} aria-hidden="true" />
        <p>
          <strong>{t(waitingId)}</strong>
        </p>
        {instrument && <p>{t('checkout.waiting.paying', { amount, instrument })}</p>}
        {state.offline && <p>{t('checkout.waiting.offline')}</p>}
        {state.slow && !state.offline && <p>{t('checkout.waiting.slow')}</p>}
      </div>
      {cash && state.paymentId && (
        <div className={styles.reference}>
          <p>{t('checkout.cash.reference')}</p>
          <p className={styles.referenceValue}>{state.paymentId}</p>
          <p>{t('checkout.cash.steps', { amount })}</p>
          <p className={page.hint}>{t('checkout.cash.blocking')}</p>
        </div>
      )}
      <p className={page.hint}>{t('checkout.waiting.keepOpen')}</p>
      <Button variant="secondary" onClick={onCheckNow}>
        {t('checkout.waiting.checkNow')}
      </Button>
    </div>
  );
}
