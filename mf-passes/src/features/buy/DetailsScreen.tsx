// /bus-pass-purchase/personal-details: who the pass is for (spec §5), a first draft from the profile; what the rider
// types is kept in the flow.
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { serverNow } from '@sawari/runtime';
import { Button } from '@sawari/ui';
import { BirthDateInput, EmailInput, formFields, GenderSelect } from '@sawari/ui/src/form';
import { loadProfile } from '../common/api';
import { useFlow } from '../common/flow';
import {
  addDays,
  afterDetailsPath,
  cityDate,
  detailsFromProfile,
  firstDetailError,
  MAX_START_AHEAD_DAYS,
  validateDetails,
  type DetailErrors,
  type Details,
  type DetailsField,
} from '../common/model';
import { ListSkeleton, Page, paths, Steps, styles, useAsync, useT } from '../common/ui';
import { WithFare, type Choice } from './flowProduct';

const { fieldId, Field, described } = formFields<DetailsField>('pass', styles);

/** /bus-pass-purchase/personal-details */
export function DetailsScreen() {
  const t = useT();
  const [flow] = useFlow();
  return (
    <Page heading={t('details.heading')} back={flow.configId ? { to: paths.confirmFare(flow.configId), label: t('common.back') } : undefined}>
      <WithFare>
        {(c) => (
          <>
            <Steps current="details" withDocuments={c.fare.proofRequired} />
            <DetailsLoader c={c} />
          </>
        )}
      </WithFare>
    </Page>
  );
}

function DetailsLoader({ c }: { c: Choice & { fare: NonNullable<Choice['fare']> } }) {
  const [flow] = useFlow();
  // The profile fills a first draft only; what the rider typed (kept in the flow) wins.
  const profile = useAsync(
    flow.details ? null : () => loadProfile().catch((e: { code?: string }) => (e?.code === 'USER_DOES_NOT_EXIST' ? null : Promise.reject(e))),
    'profile',
  );
  if (!flow.details && profile.status === 'loading') return <ListSkeleton rows={5} />;
  const today = cityDate(serverNow());
  const initial = flow.details ?? detailsFromProfile(profile.status === 'ready' ? profile.data : null, null, today);
  return <DetailsForm initial={initial} proofRequired={c.fare.proofRequired} profileFailed={profile.status === 'error'} />;
}

function DetailsForm({ initial, proofRequired, profileFailed }: { initial: Details; proofRequired: boolean; profileFailed: boolean }) {
  const t = useT();
  const navigate = useNavigate();
  const [, setFlow] = useFlow();
  const [form, setForm] = useState<Details>(initial);
  const [errors, setErrors] = useState<DetailErrors>({});
  const today = cityDate(serverNow());
  const summary = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    setFlow((f) => ({ ...f, details: form }));
  }, [form, setFlow]);
  const set = (field: DetailsField) => (e: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
    const value = field === 'mobileNumber' ? e.target.value.replace(/\D/g, '').slice(0, 10) : e.target.value;
    setForm((f) => ({ ...f, [field]: value }));
    setErrors(({ [field]: _gone, ...rest }) => rest);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = validateDetails(form, cityDate(serverNow()));
    setErrors(found);
    const first = firstDetailError(found);
    if (first) {
      document.getElementById(fieldId(first))?.focus();
      return;
    }
    setFlow((f) => ({ ...f, details: form, transactionId: null }));
    navigate(afterDetailsPath(proofRequired));
  };
  const count = Object.keys(errors).length;
  return (
    <form onSubmit={submit} noValidate>
      {profileFailed && <p className={styles.warn}>{t('details.profileFailed')}</p>}
      {count > 0 && (
        <p ref={summary} className={styles.alert} role="alert">
          {t('details.errors', { count })}
        </p>
      )}
      <Field field="userName" label={t('details.name')} hint={t('details.nameHint')} error={errors.userName && t(errors.userName)}>
        <input className={styles.input} {...described('userName', errors, true)} autoComplete="name" value={form.userName} onChange={set('userName')} />
      </Field>
      <Field field="mobileNumber" label={t('details.mobile')} error={errors.mobileNumber && t(errors.mobileNumber)}>
        <input
          className={styles.input}
          {...described('mobileNumber', errors)}
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          value={form.mobileNumber}
          onChange={set('mobileNumber')}
        />
      </Field>
      <Field field="mailId" label={t('details.email')} error={errors.mailId && t(errors.mailId)}>
        <EmailInput className={styles.input} described={described('mailId', errors)} value={form.mailId} onChange={set('mailId')} />
      </Field>
      <Field field="gender" label={t('details.gender')}>
        <GenderSelect
          className={styles.input}
          described={described('gender', errors)}
          value={form.gender}
          onChange={set('gender')}
          choose={t('details.genderChoose')}
          label={(g) => t(`details.gender.${g}`)}
        />
      </Field>
      <Field field="dob" label={t('details.dob')} error={errors.dob && t(errors.dob)}>
        <BirthDateInput className={styles.input} described={described('dob', errors)} today={today} value={form.dob} onChange={set('dob')} />
      </Field>
      <Field
        field="passStartDate"
        label={t('details.start')}
        hint={t('details.startHint', { days: MAX_START_AHEAD_DAYS })}
        error={errors.passStartDate && t(errors.passStartDate)}
      >
        <input
          className={styles.input}
          {...described('passStartDate', errors, true)}
          type="date"
          required
          min={today}
          max={addDays(today, MAX_START_AHEAD_DAYS)}
          value={form.passStartDate}
          onChange={set('passStartDate')}
        />
      </Field>
      <Button type="submit">{t('common.continue')}</Button>
    </form>
  );
}
