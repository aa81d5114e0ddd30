// One payment method's form (card, UPI, netbanking, wallet, cash) with its checks before anything is sent.
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { serverNow } from '@sawari/runtime';
import { Button, Spinner } from '@sawari/ui';
import { CARD_FIELDS, cardDetails, cardFingerprint, formatCardNumberInput, formatExpiryInput, validateCard, type CardField } from './cardForm';
import { fieldToFix } from './failureReasons';
import { choiceError, normaliseVpa, upiError, type CheckoutMethod } from './methodForms';
import type { PayState } from './usePayment';
import type { MethodInfo, Forms, PayFn } from './checkout-types';
import { Field, CardFields, Choice, described } from './MethodFields';
import page from '../common/page.module.css';
import styles from './checkout.module.css';

export function MethodForm({
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
