// One payment method's form with its checks before anything is sent. Card, UPI, netbanking and wallet are paid on the
// payment gateway's own page: here the rider only chooses what that page is prefilled with (a UPI id, a bank, a
// wallet; for a card, whether it is from a bank offer's bank) and continues there. Cash gets a counter reference.
import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { Button, Spinner } from '@sawari/ui';
import { fieldToFix } from './failureReasons';
import { choiceError, OTHER_BANK, prefillOf, upiError, type CheckoutMethod } from './methodForms';
import type { PayState } from './usePayment';
import type { MethodInfo, Forms, PayFn } from './checkout-types';
import { Field, Choice, described } from './MethodFields';
import page from '../common/page.module.css';
import styles from './checkout.module.css';

const FIELDS = ['cardBank', 'vpa', 'bank', 'wallet'];

export function MethodForm({
  method,
  info,
  forms,
  setForms,
  state,
  amount,
  product,
  offerBank,
  pay,
}: {
  method: CheckoutMethod;
  info: MethodInfo;
  forms: Forms;
  setForms: (f: (x: Forms) => Forms) => void;
  state: PayState;
  amount: string;
  product: string;
  /** The order's bank offer bank ("HDFC"): a card payment says whether the card is from it. */
  offerBank: string | null;
  pay: PayFn;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const sending = state.kind === 'sending' || state.kind === 'redirecting';
  const failed = state.kind === 'failed' && state.method === method;
  const retryable = state.kind === 'error' && (state.error === 'offline' || state.error === 'generic');
  const fix = failed ? fieldToFix(state.reason) : null;
  const online = method !== 'cash';
  const cardBanks = offerBank
    ? [
        { code: offerBank, label: t('checkout.card.bankOffer', { bank: offerBank }) },
        { code: OTHER_BANK, label: t('checkout.card.bankOther') },
      ]
    : null;

  const focus = (field: string) => document.getElementById(`checkout-${field}`)?.focus();
  const clear = (field: string) => setErrors(({ [field]: _gone, ...rest }) => rest);

  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    if (sending) return;
    const found: Record<string, string> = {};
    if (method === 'card' && cardBanks) {
      const err = choiceError(forms.cardBank, cardBanks, 'cardBank');
      if (err) found.cardBank = err;
    } else if (method === 'upi') {
      const err = upiError(forms.vpa);
      if (err) found.vpa = err;
    } else if (method === 'netbanking') {
      const err = choiceError(forms.bank, info.options, 'netbanking');
      if (err) found.bank = err;
    } else if (method === 'wallet') {
      const err = choiceError(forms.wallet, info.options, 'wallet');
      if (err) found.wallet = err;
    }
    setErrors(found);
    const first = FIELDS.find((f) => found[f]);
    if (first) return focus(first);
    const { prefill, fingerprint } = prefillOf(method, cardBanks ? forms : { ...forms, cardBank: '' });
    void pay(method, prefill, fingerprint);
  };

  const errorCount = Object.keys(errors).length;
  const payLabel =
    state.kind === 'redirecting'
      ? t('checkout.redirecting')
      : sending
        ? t('checkout.paying')
        : method === 'cash'
          ? t('checkout.cash.button')
          : failed
            ? t('checkout.tryAgain', { amount })
            : t('checkout.continue', { amount });

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-busy={sending}>
      {errorCount > 0 && (
        <p className={`${page.alert} ${styles.problem}`} role="alert">
          {t('checkout.errors', { count: errorCount })}
        </p>
      )}
      {method === 'card' && (
        <div className={styles.gatewayNote}>
          <p>
            <strong>{t('checkout.card.gateway')}</strong>
          </p>
          <p className={page.hint}>{t('checkout.card.gatewaySteps')}</p>
        </div>
      )}
      {method === 'card' && cardBanks && (
        <Choice
          name="cardBank"
          legend={t('checkout.card.bank')}
          hint={t('checkout.card.bankHint', { bank: offerBank ?? '' })}
          options={cardBanks}
          value={forms.cardBank}
          error={errors.cardBank}
          onChange={(code) => {
            setForms((f) => ({ ...f, cardBank: code }));
            clear('cardBank');
          }}
        />
      )}
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
      {online && method !== 'card' && <p className={page.hint}>{t('checkout.gateway.next')}</p>}
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
      {sending && <Spinner label={state.kind === 'redirecting' ? t('checkout.redirecting') : t('checkout.paying')} />}
    </form>
  );
}
