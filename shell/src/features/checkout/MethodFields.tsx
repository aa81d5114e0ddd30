// The fields of the payment forms: a labelled field with its hint and error, the card's fields, a choice of banks or
// wallets.
import type { ChangeEvent, ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { CardErrors, CardField, CardForm } from './cardForm';
import page from '../common/page.module.css';
import styles from './checkout.module.css';

export function Field({ id, label, hint, error, children }: { id: string; label: string; hint?: string; error?: string | false; children: ReactNode }) {
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

export function described(field: string, errors: Record<string, string>, hint = false, fix = false) {
  const ids = [hint && `checkout-${field}-hint`, errors[field] && `checkout-${field}-error`].filter(Boolean).join(' ');
  return { id: `checkout-${field}`, 'aria-invalid': errors[field] || fix ? true : undefined, 'aria-describedby': ids || undefined };
}

export function CardFields({
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

export function Choice({
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
