import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { Button } from '@sawari/ui';
import { Page } from '../common/Page';
import { AppLink, go } from '../common/nav';
import { WithSosSettings } from './WithSosSettings';
import styles from '../common/page.module.css';
import own from './sos.module.css';
import { saveSos, type SosState } from './sosApi';
import { phoneInput, SOS_MAX_CONTACTS, SOS_MESSAGE_MAX, toSettings, validateSos, type SosDraft, type SosErrors } from './sosForm';

function SosForm({ initial }: { initial: SosState | null }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [draft, setDraft] = useState<SosDraft>(() => ({
    contacts: initial?.contacts.length ? initial.contacts.map((c) => ({ ...c })) : [{ name: '', phoneNumber: '' }],
    message: initial?.message ?? t('sos.edit.defaultMessage'),
  }));
  const [errors, setErrors] = useState<SosErrors | null>(null);
  const [saving, setSaving] = useState(false);
  const [saveFailed, setSaveFailed] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const summary = useRef<HTMLDivElement>(null);

  useEffect(() => {
    // After a failed check, focus goes to the first field to fix.
    if (errors) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);

  const setContact = (i: number, field: 'name' | 'phoneNumber', value: string) =>
    setDraft((d) => ({ ...d, contacts: d.contacts.map((c, j) => (j === i ? { ...c, [field]: field === 'phoneNumber' ? phoneInput(value) : value } : c)) }));
  const remove = (i: number) => {
    setDraft((d) => ({ ...d, contacts: d.contacts.filter((_, j) => j !== i) }));
    setErrors((e) => (e ? { ...e, contacts: e.contacts.filter((_, j) => j !== i) } : e));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSaveFailed(false);
    const found = validateSos(draft);
    setErrors(found);
    if (found) return;
    setSaving(true);
    try {
      await saveSos(toSettings(draft));
      go('/SOS');
    } catch {
      // Everything typed stays in the form; the rider can try again.
      setSaveFailed(true);
      summary.current?.focus();
    } finally {
      setSaving(false);
    }
  };

  const fieldError = (id: string, message?: string, values?: Record<string, string>) =>
    message ? (
      <span id={id} className={styles.error}>
        {t(message, values)}
      </span>
    ) : null;

  return (
    <form ref={form} onSubmit={submit} noValidate>
      <div ref={summary} tabIndex={-1} role="alert">
        {errors && <p className={styles.alert}>{t('sos.edit.errors')}</p>}
        {saveFailed && <p className={styles.alert}>{t('sos.edit.error.save')}</p>}
      </div>
      {draft.contacts.map((c, i) => {
        const n = i + 1;
        const err = errors?.contacts[i] ?? {};
        return (
          <fieldset key={i} className={own.fieldset}>
            <legend>{t('sos.edit.contact', { n })}</legend>
            <div className={own.pair}>
              <div className={styles.field}>
                <label htmlFor={`sos-name-${i}`}>{t('sos.edit.name')}</label>
                <input
                  id={`sos-name-${i}`}
                  className={styles.input}
                  value={c.name}
                  autoComplete="off"
                  maxLength={50}
                  aria-invalid={err.name ? true : undefined}
                  aria-describedby={err.name ? `sos-name-${i}-error` : undefined}
                  onChange={(e) => setContact(i, 'name', e.target.value)}
                />
                {fieldError(`sos-name-${i}-error`, err.name)}
              </div>
              <div className={styles.field}>
                <label htmlFor={`sos-phone-${i}`}>{t('sos.edit.phone')}</label>
                <input
                  id={`sos-phone-${i}`}
                  className={styles.input}
                  value={c.phoneNumber}
                  type="tel"
                  inputMode="numeric"
                  autoComplete="off"
                  aria-invalid={err.phoneNumber ? true : undefined}
                  aria-describedby={`sos-phone-${i}-hint${err.phoneNumber ? ` sos-phone-${i}-error` : ''}`}
                  onChange={(e) => setContact(i, 'phoneNumber', e.target.value)}
                />
                <span id={`sos-phone-${i}-hint`} className={styles.hint}>
                  {t('sos.edit.phoneHint')}
                </span>
                {fieldError(`sos-phone-${i}-error`, err.phoneNumber)}
              </div>
            </div>
            <button type="button" className={styles.textButton} onClick={() => remove(i)}>
              {t('sos.edit.remove', { n })}
            </button>
          </fieldset>
        );
      })}
      {draft.contacts.length < SOS_MAX_CONTACTS ? (
        <Button variant="secondary" onClick={() => setDraft((d) => ({ ...d, contacts: [...d.contacts, { name: '', phoneNumber: '' }] }))}>
          {t('sos.edit.add')}
        </Button>
      ) : (
        <p className={styles.hint}>{t('sos.edit.max', { max: SOS_MAX_CONTACTS })}</p>
      )}
      <div className={styles.field} style={{ marginTop: '1.5rem' }}>
        <label htmlFor="sos-message">{t('sos.edit.message')}</label>
        <textarea
          id="sos-message"
          className={styles.input}
          rows={3}
          value={draft.message}
          maxLength={SOS_MESSAGE_MAX}
          aria-invalid={errors?.message ? true : undefined}
          aria-describedby={`sos-message-hint${errors?.message ? ' sos-message-error' : ''}`}
          onChange={(e) => setDraft((d) => ({ ...d, message: e.target.value }))}
        />
        <span id="sos-message-hint" className={styles.hint}>
          {t('sos.edit.messageHint')}
        </span>
        {fieldError('sos-message-error', errors?.message, { link: errors?.messageLink ?? '' })}
      </div>
      <div className={styles.actions}>
        <Button type="submit" disabled={saving}>
          {saving ? t('sos.edit.saving') : t('sos.edit.save')}
        </Button>
        <AppLink to="/SOS" className={styles.textButton}>
          {t('common.cancel')}
        </AppLink>
      </div>
    </form>
  );
}

/** /SOS/editSOSMessage: up to 5 contacts (name + 10-digit number) and the message; checked before it is sent. */
export default function EditSosScreen() {
  const intl = useIntl();
  return (
    <Page heading={intl.formatMessage({ id: 'sos.edit.heading' })} intro={intl.formatMessage({ id: 'sos.edit.intro' }, { max: SOS_MAX_CONTACTS })}>
      <WithSosSettings path="/SOS/editSOSMessage">{(sos) => <SosForm initial={sos} />}</WithSosSettings>
    </Page>
  );
}
