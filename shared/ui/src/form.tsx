// The fields of a rider's details form (the pass purchase in mf-passes, the profile in the shell): a field ties its
// input to its label, hint and error through ids made from the form's prefix, drawn with the caller's class map
// (field, hint, error, input). Wording comes from the caller's catalog. Not exported from the package index (like
// page.tsx and rider.tsx).
import type { ChangeEvent, ReactNode } from 'react';
import type { Styles } from './page';

/** The genders the API knows (@sawari/contracts genderSchema), in the order a form offers them. */
export const GENDERS = ['male', 'female', 'other', 'undisclosed'] as const;

/** The aria props `described` gives an input: its id and name, invalid while it has an error, and what describes it. */
export type Described = { id: string; name: string; 'aria-invalid': true | undefined; 'aria-describedby': string | undefined };

/**
 * A form's fields, its inputs' ids being `<prefix>-<field>`: `Field` (label, the input, hint and error) and
 * `described(field, errors, hint)`, the input's props naming its hint (when `hint`) and its error (when it has one).
 * Call once per form, at module level.
 */
export function formFields<F extends string>(prefix: string, styles: Styles) {
  const fieldId = (field: F) => `${prefix}-${field}`;

  function Field({ field, label, hint, error, children }: { field: F; label: string; hint?: string; error?: string; children: ReactNode }) {
    return (
      <div className={styles.field}>
        <label htmlFor={fieldId(field)}>{label}</label>
        {children}
        {hint && (
          <span id={`${fieldId(field)}-hint`} className={styles.hint}>
            {hint}
          </span>
        )}
        {error && (
          <span id={`${fieldId(field)}-error`} className={styles.error}>
            {error}
          </span>
        )}
      </div>
    );
  }

  const described = (field: F, errors: Partial<Record<F, unknown>>, hint = false): Described => {
    const ids = [hint && `${fieldId(field)}-hint`, errors[field] && `${fieldId(field)}-error`].filter(Boolean).join(' ');
    return { id: fieldId(field), name: field, 'aria-invalid': errors[field] ? true : undefined, 'aria-describedby': ids || undefined };
  };

  return { fieldId, Field, described };
}

type Change = (e: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => void;

/** A gender choice: "choose" first (empty), then GENDERS, each labelled by `label(gender)`. */
export function GenderSelect({
  className,
  described,
  value,
  onChange,
  choose,
  label,
}: {
  className?: string;
  described: Described;
  value: string;
  onChange: Change;
  choose: string;
  label: (gender: (typeof GENDERS)[number]) => string;
}) {
  return (
    <select className={className} {...described} value={value} onChange={onChange}>
      <option value="">{choose}</option>
      {GENDERS.map((g) => (
        <option key={g} value={g}>
          {label(g)}
        </option>
      ))}
    </select>
  );
}

/** A date of birth (YYYY-MM-DD): from 1900 up to `today` (the city date). */
export function BirthDateInput({
  className,
  described,
  today,
  value,
  onChange,
}: {
  className?: string;
  described: Described;
  today: string;
  value: string;
  onChange: Change;
}) {
  return <input className={className} {...described} type="date" autoComplete="bday" min="1900-01-01" max={today} value={value} onChange={onChange} />;
}

/** An e-mail address (the phone's e-mail keyboard, the browser's saved address offered). */
export function EmailInput({ className, described, value, onChange }: { className?: string; described: Described; value: string; onChange: Change }) {
  return <input className={className} {...described} type="email" inputMode="email" autoComplete="email" value={value} onChange={onChange} />;
}
