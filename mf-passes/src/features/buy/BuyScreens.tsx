// The purchase up to payment: sub-category, fares (with confirmation), personal details, and — for a pass that needs
// no proofs — confirm details and pay (the order is made here; its fare breakup comes from the server's answer).
import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import type { PassOrder } from '@sawari/contracts';
import { offerScopeMiss, type OfferScopeMiss } from '@sawari/domain';
import { checkoutPath, deviceId, serverNow } from '@sawari/runtime';
import { Button } from '@sawari/ui';
import { BirthDateInput, EmailInput, formFields, GenderSelect } from '@sawari/ui/src/form';
import { createOrder, loadPaymentStatus, loadProfile, loadTrialOffer, type TrialOffer } from '../common/api';
import { useFlow } from '../common/flow';
import {
  addDays,
  afterDetailsPath,
  blockOf,
  buildOrderPayload,
  chooseFare,
  cityDate,
  detailsFromProfile,
  firstDetailError,
  MAX_START_AHEAD_DAYS,
  validateDetails,
  validityNoteId,
  type DetailErrors,
  type Details,
  type DetailsField,
} from '../common/model';
import { FareBreakup, ListSkeleton, money, Page, paths, ProblemPanel, Steps, styles, useAsync, useDate, useT, useUserId } from '../common/ui';
import { WithFare, WithProduct, type Choice } from './flowProduct';

type Problem = { code?: string; message?: string } | null;

/** /bus-pass-purchase/sub-category-selection/:configId */
export function SubCategoryScreen() {
  const t = useT();
  const { configId = '' } = useParams();
  return (
    <Page heading={t('sub.heading')} back={{ to: paths.home, label: t('common.allPasses') }}>
      <Steps current="choose" withDocuments={false} />
      <WithProduct configId={configId}>{(c) => <SubCategories c={c} />}</WithProduct>
    </Page>
  );
}

function SubCategories({ c }: { c: Choice }) {
  const t = useT();
  const navigate = useNavigate();
  const [flow, setFlow] = useFlow();
  const subs = c.product.subCategory;
  const firstActive = subs.find((s) => s.isActive)?.id ?? null;
  const [chosen, setChosen] = useState<string | null>(flow.subCatId && subs.some((s) => s.id === flow.subCatId && s.isActive) ? flow.subCatId : firstActive);
  const block = blockOf(c.product);
  const next = (e: FormEvent) => {
    e.preventDefault();
    if (!chosen) return;
    setFlow((f) => ({ ...f, subCatId: chosen }));
    navigate(paths.fares(c.product.id));
  };
  return (
    <form onSubmit={next}>
      <h2>{c.product.name}</h2>
      {c.product.landingMessage && <p>{c.product.landingMessage}</p>}
      {block && <ProblemPanel error={{ code: block }} />}
      <fieldset className={styles.fieldset}>
        <legend>{t('sub.legend')}</legend>
        {subs.map((s) => {
          const note = validityNoteId(c.product, s);
          return (
            <label key={s.id} className={styles.option}>
              <input type="radio" name="sub" value={s.id} checked={chosen === s.id} disabled={!s.isActive || !!block} onChange={() => setChosen(s.id)} />
              <span className={styles.optionBody}>
                <strong>{s.name}</strong>
                {s.infoNote && <span className={styles.muted}>{s.infoNote}</span>}
                {note && <span className={`${styles.small} ${styles.muted}`}>{t(note)}</span>}
                {!s.isActive && <span className={styles.error}>{t('error.SUB_CATEGORY_INACTIVE')}</span>}
              </span>
            </label>
          );
        })}
      </fieldset>
      {!firstActive && !block && <ProblemPanel error={{ code: 'SUB_CATEGORY_INACTIVE' }} />}
      <Button type="submit" disabled={!chosen || !!block}>
        {t('common.continue')}
      </Button>
    </form>
  );
}

/** /bus-pass-purchase/fares/:configId */
export function FaresScreen() {
  const t = useT();
  const { configId = '' } = useParams();
  return (
    <Page heading={t('fares.heading')} back={{ to: paths.subCategory(configId), label: t('common.back') }}>
      <Steps current="choose" withDocuments={false} />
      <WithProduct configId={configId}>{(c) => <Fares c={c} />}</WithProduct>
    </Page>
  );
}

function Fares({ c }: { c: Choice }) {
  const t = useT();
  const navigate = useNavigate();
  const [flow, setFlow] = useFlow();
  const p = c.product;
  const sub = flow.subCatId;
  const options = p.categories.flatMap((category) =>
    (p.fareMapping[category.id] ?? []).filter((f) => !sub || f.subCatId === sub).map((fare) => ({ category, fare, block: blockOf(p, category, fare) })),
  );
  const initial = options.find((o) => o.fare.fmId === flow.fmId && o.category.id === flow.categoryId && !o.block) ?? options.find((o) => !o.block);
  const [chosen, setChosen] = useState<string | null>(initial ? `${initial.category.id}/${initial.fare.fmId}` : null);
  const next = (e: FormEvent) => {
    e.preventDefault();
    const o = options.find((x) => `${x.category.id}/${x.fare.fmId}` === chosen);
    if (!o) return;
    setFlow((f) => chooseFare(f, o.category.id, o.fare.fmId, o.fare.subCatId));
    navigate(paths.confirmFare(p.id));
  };
  return (
    <form onSubmit={next}>
      <h2>{p.name}</h2>
      {p.categories.map((category) => {
        const mine = options.filter((o) => o.category.id === category.id);
        if (!mine.length) return null;
        return (
          <fieldset key={category.id} className={styles.fieldset}>
            <legend>{category.name}</legend>
            {!category.isActive && <p className={styles.error}>{t('error.CATEGORY_INACTIVE')}</p>}
            {mine.map(({ fare, block }) => {
              const value = `${category.id}/${fare.fmId}`;
              return (
                <label key={value} className={styles.option}>
                  <input type="radio" name="fare" value={value} checked={chosen === value} disabled={!!block} onChange={() => setChosen(value)} />
                  <span className={styles.optionBody}>
                    <span className={styles.cardHead}>
                      <strong>{fare.displayName}</strong>
                      <span className={styles.price}>
                        {fare.discountedFare < fare.fare && (
                          <>
                            <s aria-label={t('fares.was', { price: money(fare.fare) })}>{money(fare.fare)}</s>{' '}
                          </>
                        )}
                        {money(fare.discountedFare)}
                      </span>
                    </span>
                    <span className={styles.muted}>{fare.desc}</span>
                    {fare.specialFeatures.length > 0 && <span className={styles.small}>{fare.specialFeatures.join(' · ')}</span>}
                    {fare.proofRequired && <span className={`${styles.badge} ${styles.badgeWarn}`}>{t('fares.needsProof')}</span>}
                    {block && category.isActive && <span className={styles.error}>{t(`error.${block}`)}</span>}
                  </span>
                </label>
              );
            })}
          </fieldset>
        );
      })}
      {!options.some((o) => !o.block) && <ProblemPanel error={{ code: blockOf(p) ?? 'FARE_INACTIVE' }} configId={p.id} />}
      <Button type="submit" disabled={!chosen}>
        {t('common.continue')}
      </Button>
    </form>
  );
}

/** /bus-pass-purchase/fares/:configId/confirmation */
export function FareConfirmScreen() {
  const t = useT();
  const { configId = '' } = useParams();
  return (
    <Page heading={t('confirmFare.heading')} back={{ to: paths.fares(configId), label: t('common.back') }}>
      <Steps current="choose" withDocuments={false} />
      <WithFare>{(c) => <FareConfirm c={c} />}</WithFare>
    </Page>
  );
}

function FareSummary({ c }: { c: Choice & { category: NonNullable<Choice['category']>; fare: NonNullable<Choice['fare']> } }) {
  const t = useT();
  const sub = c.product.subCategory.find((s) => s.id === c.fare.subCatId);
  return (
    <dl className={styles.facts}>
      <dt>{t('summary.pass')}</dt>
      <dd>{c.product.name}</dd>
      <dt>{t('summary.category')}</dt>
      <dd>{c.category.name}</dd>
      {sub && (
        <>
          <dt>{t('summary.plan')}</dt>
          <dd>{sub.name}</dd>
        </>
      )}
      <dt>{t('summary.fare')}</dt>
      <dd>
        {c.fare.displayName} · {c.fare.desc}
      </dd>
      <dt>{t('summary.price')}</dt>
      <dd>{money(c.fare.discountedFare)}</dd>
    </dl>
  );
}

function FareConfirm({ c }: { c: Choice & { category: NonNullable<Choice['category']>; fare: NonNullable<Choice['fare']> } }) {
  const t = useT();
  const navigate = useNavigate();
  const block = blockOf(c.product, c.category, c.fare);
  return (
    <>
      <FareSummary c={c} />
      {c.fare.specialFeatures.length > 0 && (
        <>
          <h2>{t('products.features')}</h2>
          <ul className={styles.features}>
            {c.fare.specialFeatures.map((f) => (
              <li key={f}>{f}</li>
            ))}
          </ul>
        </>
      )}
      {c.product.terms.length > 0 && (
        <>
          <h2>{t('products.terms')}</h2>
          <ul className={styles.terms}>
            {c.product.terms.map((term) => (
              <li key={term}>{term}</li>
            ))}
          </ul>
        </>
      )}
      {c.fare.proofRequired && <p className={styles.warn}>{t('confirmFare.proofNote')}</p>}
      {block && <ProblemPanel error={{ code: block }} configId={c.product.id} />}
      <p className={styles.actions}>
        <Button onClick={() => navigate(paths.details)} disabled={!!block}>
          {t('confirmFare.confirm')}
        </Button>
      </p>
    </>
  );
}

// ---- personal details ----

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

// ---- confirm details and pay (no proofs) ----

/** /bus-pass-purchase/confirm-details-and-pay */
export function ConfirmPayScreen() {
  const t = useT();
  return (
    <Page heading={t('pay.heading')} back={{ to: paths.details, label: t('common.back') }}>
      <WithFare>
        {(c) => (
          <>
            <Steps current="pay" withDocuments={c.fare.proofRequired} />
            {c.fare.proofRequired ? <ProofFirst /> : <ConfirmPay c={c} />}
          </>
        )}
      </WithFare>
    </Page>
  );
}

function ProofFirst() {
  const t = useT();
  const navigate = useNavigate();
  return (
    <div className={styles.warn}>
      <p>{t('pay.proofFirst')}</p>
      <Button onClick={() => navigate(paths.document)}>{t('common.continue')}</Button>
    </div>
  );
}

/** Values for the pay.offerNotFor.* texts: the offer, its durations, its fare bounds in ₹. */
function offerMissValues(offer: TrialOffer, miss: OfferScopeMiss): Record<string, string | number> {
  const scope = offer.appliesTo ?? {};
  return {
    offer: offer.title,
    days: (scope.numOfDays ?? []).join(', '),
    amount: money(miss === 'FARE_TOO_LOW' ? (scope.minFarePaise ?? 0) : (scope.maxFarePaise ?? 0)),
  };
}

function ConfirmPay({ c }: { c: Choice & { category: NonNullable<Choice['category']>; fare: NonNullable<Choice['fare']> } }) {
  const t = useT();
  const date = useDate();
  const navigate = useNavigate();
  const userId = useUserId();
  const offerGroup = useId();
  const [flow, setFlow] = useFlow();
  const details = flow.details;
  const banks = c.product.bankOffers;
  const bank = flow.bankOffer && banks.some((b) => b.bank.toUpperCase() === flow.bankOffer!.toUpperCase()) ? flow.bankOffer.toUpperCase() : null;
  // paying: a payment of this order is under way (the server answers the order being paid for this pass, never a new one)
  const [quote, setQuote] = useState<{ key: string; order: PassOrder; paying: boolean } | null>(null);
  const [problem, setProblem] = useState<Problem>(null);
  const [busy, setBusy] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const trial = useAsync<TrialOffer | null>(
    () => loadTrialOffer(c.city).catch((e: { code?: string }) => (e?.code === 'OFFER_NOT_FOUND' ? null : Promise.reject(e))),
    `trial/${c.city}`,
  );
  const detailsOk = !!details && Object.keys(validateDetails(details, cityDate(serverNow()))).length === 0;
  const payload =
    userId && details && detailsOk
      ? buildOrderPayload({ flow: { ...flow, bankOffer: bank, digitalOffer: false }, fare: c.fare, userId, deviceId: deviceId(), proofRequired: false })
      : null;
  const key = JSON.stringify(payload);

  // The quote: the order as the server prices it (re-posting re-quotes the same unpaid order; while a payment for this
  // pass is under way the server answers that order, and this screen offers to continue that payment, not a new one).
  useEffect(() => {
    if (!payload) return;
    let live = true;
    setProblem(null);
    createOrder(payload)
      .then(async (order) => {
        const status = await loadPaymentStatus(order.transactionId).catch(() => null);
        return { order, paying: status?.status === 'PAYMENT_PROCESSING' };
      })
      .then(
        ({ order, paying }) => {
          if (!live) return;
          setQuote({ key, order, paying });
          setFlow((f) => ({ ...f, transactionId: order.transactionId }));
        },
        (err: Problem) => live && setProblem(err),
      );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, attempt]);

  if (!details || !detailsOk) {
    return (
      <div className={styles.warn}>
        <p>{t('pay.detailsMissing')}</p>
        <Button onClick={() => navigate(paths.details)}>{t('action.changeDetails')}</Button>
      </div>
    );
  }
  const order = quote?.key === key ? quote.order : null;
  const paying = !!order && !!quote?.paying;
  const pay = () => {
    if (!order) return;
    navigate(checkoutPath(c.product.agency, 'pass', order.transactionId));
  };
  const claimOffer = async () => {
    if (!userId) return;
    setBusy(true);
    setProblem(null);
    try {
      const o = await createOrder(
        buildOrderPayload({ flow: { ...flow, bankOffer: null, digitalOffer: true }, fare: c.fare, userId, deviceId: deviceId(), proofRequired: false }),
      );
      setFlow((f) => ({ ...f, transactionId: o.transactionId, digitalOffer: true }));
      navigate(o.payableAmount ? checkoutPath(c.product.agency, 'pass', o.transactionId) : paths.success(o.transactionId));
    } catch (err) {
      setProblem(err as Problem);
      setBusy(false);
    }
  };
  const offer = trial.status === 'ready' ? trial.data : null;
  // The offer states the passes it is for (server-checked too): say why it does not apply to this one.
  const offerMiss = offer
    ? offerScopeMiss(offer.appliesTo ?? {}, {
        configId: c.product.id,
        numOfDays: c.fare.numOfDays,
        categoryId: c.category.id,
        farePaise: c.fare.discountedFare,
      })
    : null;
  return (
    <>
      <h2>{t('pay.yourPass')}</h2>
      <FareSummary c={c} />
      <h2>{t('pay.yourDetails')}</h2>
      <dl className={styles.facts}>
        <dt>{t('details.name')}</dt>
        <dd>{details.userName}</dd>
        <dt>{t('details.mobile')}</dt>
        <dd>{details.mobileNumber}</dd>
        {details.mailId && (
          <>
            <dt>{t('details.email')}</dt>
            <dd>{details.mailId}</dd>
          </>
        )}
        <dt>{t('details.start')}</dt>
        <dd>{date(details.passStartDate)}</dd>
      </dl>
      {banks.length > 0 && (
        <fieldset className={styles.fieldset}>
          <legend>{t('pay.bankOffer')}</legend>
          <label className={styles.option}>
            <input type="radio" name={offerGroup} checked={!bank} onChange={() => setFlow((f) => ({ ...f, bankOffer: null }))} />
            <span className={styles.optionBody}>{t('pay.noBankOffer')}</span>
          </label>
          {banks.map((b) => (
            <label key={b.bank} className={styles.option}>
              <input
                type="radio"
                name={offerGroup}
                checked={bank === b.bank.toUpperCase()}
                onChange={() => setFlow((f) => ({ ...f, bankOffer: b.bank.toUpperCase() }))}
              />
              <span className={styles.optionBody}>
                <strong>{t('products.bankOffer', { bank: b.bank, percent: b.percentOff })}</strong>
                <span className={`${styles.small} ${styles.muted}`}>{t('pay.bankOfferHint', { bank: b.bank })}</span>
              </span>
            </label>
          ))}
        </fieldset>
      )}
      {/* The offer comes before the price and the Pay button: the rider decides on it first. */}
      {offer && (
        <section className={styles.card} aria-labelledby="trial-offer">
          <h2 id="trial-offer">{offer.title}</h2>
          <p>{offer.description}</p>
          {offer.eligible && offerMiss ? (
            <p className={styles.warn}>{t(`pay.offerNotFor.${offerMiss}`, offerMissValues(offer, offerMiss))}</p>
          ) : offer.eligible ? (
            <>
              <p className={`${styles.small} ${styles.muted}`}>{t('pay.offerNote')}</p>
              <Button variant="secondary" onClick={() => void claimOffer()} disabled={busy || !!bank}>
                {t(offer.kind === 'welcome' ? 'pay.useWelcome' : 'pay.useTrial')}
              </Button>
              {bank && <p className={styles.small}>{t('error.OFFERS_NOT_COMBINABLE')}</p>}
            </>
          ) : (
            <p className={styles.warn}>{offer.claimed ? t('error.DIGITAL_OFFER_ALREADY_AVAILED') : t('pay.offerNotAllowed', { reason: offer.reason ?? '' })}</p>
          )}
        </section>
      )}
      <h2>{t('pay.breakup')}</h2>
      <ProblemPanel
        error={problem}
        configId={c.product.id}
        onRetry={problem && !problem.code?.startsWith('DIGITAL_') ? () => setAttempt((n) => n + 1) : undefined}
      />
      <div aria-live="polite">
        {order ? (
          <>
            {paying && (
              <p className={styles.warn} role="status" data-testid="payment-under-way">
                {t('pay.underWay', { amount: money(order.fareInfo.payableAmount) })}
              </p>
            )}
            <FareBreakup lines={order.fareInfo.fareBreakup} payable={order.fareInfo.payableAmount} caption={t('pay.breakup')} />
          </>
        ) : (
          !problem && <ListSkeleton rows={2} />
        )}
      </div>
      <p className={styles.actions}>
        <Button onClick={pay} disabled={!order || busy}>
          {!order
            ? t('pay.pricing')
            : paying
              ? t('pay.continuePayment', { amount: money(order.fareInfo.payableAmount) })
              : t('pay.pay', { amount: money(order.fareInfo.payableAmount) })}
        </Button>
      </p>
    </>
  );
}
