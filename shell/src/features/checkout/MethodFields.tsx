// The fields of the payment forms: a labelled field with its hint and error, a choice of banks or wallets. No card
// fields: card numbers are typed on the payment gateway's page only.
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
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
