// /sawari-card/link-card-form: link a city card or an NCMC card by its number. Checked here before sending (the same
// rules as the server); what was typed stays when the server refuses. The number lives only in this form's state: it
// is sent once in the request body and never put in a URL or the browser's storage.
import { useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Button } from '@sawari/ui';
import { groupDigits, normalizeCardNumber, type CardKind } from '@sawari/domain';
import type { ApiRequestError } from '@sawari/runtime';
import { cardsApi } from '../common/api';
import { linkFormErrors, type LinkErrors, type LinkForm } from '../common/model';
import { Page, ProblemPanel, RequireSignIn, asApiError, styles, useT } from '../common/ui';
import { summaryPath } from '../common/paths';

const FIELDS = ['kind', 'number', 'name'] as const;

export function LinkCardScreen() {
  const t = useT();
  return (
    <Page heading={t('link.heading')} intro={t('link.intro')} back={{ to: '/card-payments', label: t('cards.heading') }}>
      <RequireSignIn>
        <LinkCardForm />
      </RequireSignIn>
    </Page>
  );
}

function LinkCardForm() {
  const t = useT();
  const navigate = useNavigate();
  const [form, setForm] = useState<LinkForm>({ kind: '', number: '', name: '' });
  const [errors, setErrors] = useState<LinkErrors>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiRequestError | null>(null);
  const refs = { kind: useRef<HTMLInputElement>(null), number: useRef<HTMLInputElement>(null), name: useRef<HTMLInputElement>(null) };
  const summary = useRef<HTMLDivElement>(null);
  const sending = useRef(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (sending.current) return;
    const found = linkFormErrors(form);
    setErrors(found);
    const first = FIELDS.find((f) => found[f]);
    if (first) {
      refs[first].current?.focus();
      return;
    }
    sending.current = true;
    setBusy(true);
    setError(null);
    try {
      const card = await cardsApi.link(form.kind as CardKind, normalizeCardNumber(form.number), form.name.trim());
      navigate(summaryPath(card.cardRef), { replace: true });
    } catch (err) {
      setError(asApiError(err));
    } finally {
      sending.current = false;
      setBusy(false);
    }
  };
  const count = Object.keys(errors).length;
  const described = (f: (typeof FIELDS)[number], hint?: string) => [errors[f] ? `${f}-error` : null, hint].filter(Boolean).join(' ') || undefined;

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      {count > 0 && (
        <div ref={summary} className={styles.alert} role="alert">
          <p>{t('form.errors', { count })}</p>
        </div>
      )}
      <ProblemPanel error={error} />
      <fieldset className={styles.fieldset} aria-describedby={described('kind')}>
        <legend>{t('link.kind')}</legend>
        {(['ncmc', 'closedLoop'] as const).map((k, i) => (
          <label key={k} className={styles.option}>
            <input
              ref={i === 0 ? refs.kind : undefined}
              type="radio"
              name="kind"
              value={k}
              checked={form.kind === k}
              aria-invalid={errors.kind ? true : undefined}
              onChange={() => setForm((f) => ({ ...f, kind: k }))}
            />
            <span className={styles.optionBody}>
              <strong>{t(k === 'ncmc' ? 'kind.ncmc' : 'kind.closedLoop')}</strong>
              <span className={styles.hint}>{t(k === 'ncmc' ? 'link.kindNcmcHint' : 'link.kindClosedHint')}</span>
            </span>
          </label>
        ))}
        {errors.kind && (
          <p id="kind-error" className={styles.error}>
            {t(errors.kind)}
          </p>
        )}
      </fieldset>
      <div className={styles.field}>
        <label htmlFor="card-number">{t('link.number')}</label>
        <input
          ref={refs.number}
          id="card-number"
          className={`${styles.input} ${styles.number}`}
          inputMode="numeric"
          autoComplete="off"
          maxLength={19}
          value={form.number}
          aria-invalid={errors.number ? true : undefined}
          aria-describedby={described('number', 'card-number-hint')}
          onChange={(e) => setForm((f) => ({ ...f, number: groupDigits(e.target.value.replace(/[^\d\s-]/g, '')).slice(0, 19) }))}
        />
        <p id="card-number-hint" className={styles.hint}>
          {t('link.numberHint')}
        </p>
        {errors.number && (
          <p id="number-error" className={styles.error}>
            {t(errors.number)}
          </p>
        )}
      </div>
      <div className={styles.field}>
        <label htmlFor="card-name">{t('link.name')}</label>
        <input
          ref={refs.name}
          id="card-name"
          className={styles.input}
          autoComplete="off"
          maxLength={40}
          value={form.name}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={described('name', 'card-name-hint')}
          onChange={(e) => setForm((f) => ({ ...f, name: e.target.value }))}
        />
        <p id="card-name-hint" className={styles.hint}>
          {t('link.nameHint')}
        </p>
        {errors.name && (
          <p id="name-error" className={styles.error}>
            {t(errors.name)}
          </p>
        )}
      </div>
      <p className={styles.hint}>{t('link.privacy')}</p>
      <p className={styles.actions}>
        <Button type="submit" disabled={busy}>
          {busy ? t('link.linking') : t('link.submit')}
        </Button>
        <Link to="/card-payments">{t('common.cancel')}</Link>
      </p>
    </form>
  );
}
