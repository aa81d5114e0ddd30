import { useEffect, useState, type ChangeEvent, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import type { UserProfile } from '@sawari/contracts';
import { api, handleApiError, serverNow, showNotice } from '@sawari/runtime';
import { Button } from '@sawari/ui';
import { BirthDateInput, EmailInput, formFields, GenderSelect } from '@sawari/ui/src/form';
import { ListSkeleton, LoadError, Page } from '../common/Page';
import { go } from '../common/nav';
import { useAsync } from '../common/useAsync';
import { RequireSession } from '../common/session';
import { loadProfile } from './ProfileScreen';
import {
  cityDate,
  EMPTY_FORM,
  firstError,
  fromProfile,
  photoError,
  toProfileInput,
  validateProfile,
  type FieldErrors,
  type ProfileField,
  type ProfileForm,
} from './profileModel';
import page from '../common/page.module.css';
import { afterProfilePath } from '../login/loginModel';
import styles from './profile.module.css';

const { fieldId, Field, described } = formFields<ProfileField>('profile', page);
const SILENT = new Set(['NETWORK_ERROR', 'REQUEST_CANCELLED_SESSION_TIMEOUT']);

/** /profile/edit-profile: creates the profile (POST) when there is none yet, else updates it (PUT). */
export default function EditProfileScreen() {
  return (
    <RequireSession path="/profile/edit-profile">
      <EditProfile />
    </RequireSession>
  );
}

function EditProfile() {
  const intl = useIntl();
  // No profile yet is not an error here: this is where it is made.
  const profile = useAsync(
    () => loadProfile().catch((err: { code?: string }) => (err?.code === 'USER_DOES_NOT_EXIST' ? null : Promise.reject(err))),
    'profile',
  );
  const heading = intl.formatMessage({ id: profile.status === 'ready' && !profile.data ? 'profile.create.heading' : 'profile.edit.heading' });
  return (
    <Page heading={heading} intro={profile.status === 'ready' && !profile.data ? intl.formatMessage({ id: 'profile.create.intro' }) : undefined}>
      {profile.status === 'loading' || profile.error?.code === 'REQUEST_CANCELLED_SESSION_TIMEOUT' ? (
        <ListSkeleton rows={5} />
      ) : profile.status === 'error' ? (
        <LoadError error={profile.error} onRetry={profile.retry} />
      ) : (
        <ProfileEditor existing={profile.data} />
      )}
    </Page>
  );
}

function ProfileEditor({ existing }: { existing: UserProfile | null }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [form, setForm] = useState<ProfileForm>(() => (existing ? fromProfile(existing) : EMPTY_FORM));
  const [exists, setExists] = useState(!!existing);
  const [photo, setPhoto] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const today = cityDate(serverNow());

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const focus = (field: ProfileField) => document.getElementById(fieldId(field))?.focus();
  const set = (field: keyof ProfileForm) => (e: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
    setForm((f) => ({ ...f, [field]: e.target.value }));
    setErrors(({ [field]: _gone, ...rest }) => rest);
  };

  const choosePhoto = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0] ?? null;
    const refused = file && photoError(file);
    setErrors(({ photo: _gone, ...rest }) => (refused ? { ...rest, photo: refused } : rest));
    if (refused) e.target.value = '';
    setPhoto(refused ? null : file);
    setPreview(file && !refused ? URL.createObjectURL(file) : null);
  };

  const refuse = (err: unknown, messageId: string) => {
    setBusy(false);
    const { code, message } = err as { code?: string; message?: string };
    if (SILENT.has(code ?? '')) return handleApiError(err);
    setProblem(t(messageId, { reason: message ?? '' }));
    requestAnimationFrame(() => document.getElementById('profile-problem')?.focus());
  };

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setProblem(null);
    const found: FieldErrors = { ...validateProfile(form, today), ...(errors.photo ? { photo: errors.photo } : {}) };
    setErrors(found);
    const first = firstError(found);
    if (first) return focus(first);
    setBusy(true);
    try {
      const body = toProfileInput(form);
      await (exists ? api.put('/profile', body) : api.post('/profile', body));
      setExists(true);
    } catch (err) {
      return refuse(err, 'profile.error.save');
    }
    if (photo) {
      const upload = new FormData();
      upload.set('file', photo, photo.name);
      try {
        await api.post('/files/profile-image', upload, { multipart: true });
      } catch (err) {
        return refuse(err, 'profile.error.photoUpload');
      }
    }
    showNotice({ kind: 'message', message: t('profile.saved'), button: t('session.okay') });
    // A new rider who signed in on the way somewhere continues there (?next= from the sign-in).
    go(afterProfilePath(location.search));
  };

  const errorCount = Object.keys(errors).length;
  const shownPhoto = preview ?? existing?.profilePhoto ?? null;
  return (
    <form className={styles.form} onSubmit={save} noValidate>
      {problem && (
        <p id="profile-problem" className={page.alert} role="alert" tabIndex={-1}>
          {problem}
        </p>
      )}
      {errorCount > 0 && (
        <p className={page.alert} role="alert">
          {t('profile.errors', { count: errorCount })}
        </p>
      )}
      <div className={styles.names}>
        <Field field="firstName" label={t('profile.field.firstName')} error={errors.firstName && t(errors.firstName)}>
          <input
            className={page.input}
            {...described('firstName', errors)}
            autoComplete="given-name"
            required
            value={form.firstName}
            onChange={set('firstName')}
          />
        </Field>
        <Field field="lastName" label={t('profile.field.lastName')} error={errors.lastName && t(errors.lastName)}>
          <input className={page.input} {...described('lastName', errors)} autoComplete="family-name" value={form.lastName} onChange={set('lastName')} />
        </Field>
      </div>
      <Field field="mailId" label={t('profile.field.mailId')} error={errors.mailId && t(errors.mailId)}>
        <EmailInput className={page.input} described={described('mailId', errors)} value={form.mailId} onChange={set('mailId')} />
      </Field>
      <Field field="gender" label={t('profile.field.gender')}>
        <GenderSelect
          className={page.input}
          described={described('gender', errors)}
          value={form.gender}
          onChange={set('gender')}
          choose={t('profile.field.genderChoose')}
          label={(g) => t(`profile.gender.${g}`)}
        />
      </Field>
      <Field field="dob" label={t('profile.field.dob')} error={errors.dob && t(errors.dob)}>
        <BirthDateInput className={page.input} described={described('dob', errors)} today={today} value={form.dob} onChange={set('dob')} />
      </Field>
      <Field field="photo" label={t('profile.field.photo')} hint={t('profile.field.photoHint')} error={errors.photo && t(errors.photo)}>
        <div className={styles.photoRow}>
          {shownPhoto && (
            <img className={styles.photo} src={shownPhoto} alt={t(preview ? 'profile.photo.previewAlt' : 'profile.photoAlt')} width={96} height={96} />
          )}
          <input {...described('photo', errors, true)} type="file" accept="image/*" onChange={choosePhoto} />
        </div>
      </Field>
      <Button type="submit" disabled={busy}>
        {t(busy ? 'profile.saving' : 'profile.save')}
      </Button>
    </form>
  );
}
