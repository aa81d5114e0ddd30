// /bus-pass-purchase/confirm-details-and-pay: for a pass that needs no proofs, the pass and the rider's details, a bank
// offer or the trial/welcome offer, the server's quote (the order is made here; its fare breakup comes from the
// server's answer) and Pay, into the shell's one checkout.
import { useEffect, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { PassOrder } from '@sawari/contracts';
import { checkoutPath, deviceId, serverNow } from '@sawari/runtime';
import { Button } from '@sawari/ui';
import { createOrder, loadCatalogue, loadPaymentStatus, loadTrialOffer, type TrialOffer } from '../common/api';
import { useFlow } from '../common/flow';
import { buildOrderPayload, cityDate, validateDetails } from '../common/model';
import { FareBreakup, ListSkeleton, money, Page, paths, ProblemPanel, Steps, styles, useAsync, useDate, useT, useUserId } from '../common/ui';
import { WithFare } from './flowProduct';
import { FareSummary, type Chosen } from './FareSummary';
import { chosenBank, offerMissValues, offerOnSale, offerPanel, payButton, quoteRetryable } from './model';

type Problem = { code?: string; message?: string } | null;

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

function ConfirmPay({ c }: { c: Chosen }) {
  const t = useT();
  const date = useDate();
  const navigate = useNavigate();
  const userId = useUserId();
  const offerGroup = useId();
  const [flow, setFlow] = useFlow();
  const details = flow.details;
  const banks = c.product.bankOffers;
  const bank = chosenBank(banks, flow.bankOffer);
  // paying: a payment of this order is under way (the server answers the order being paid for this pass, never a new one)
  const [quote, setQuote] = useState<{ key: string; order: PassOrder; paying: boolean } | null>(null);
  const [problem, setProblem] = useState<Problem>(null);
  const [busy, setBusy] = useState(false);
  const [attempt, setAttempt] = useState(0);
  // The offer, and whether a pass it is for is on sale in the city's catalogue (this product alone when the catalogue
  // cannot be read): an offer for passes none of which is sold is claimed on the Offers page, never teased here.
  const trial = useAsync<{ offer: TrialOffer; inScopeOnSale: boolean } | null>(async () => {
    const offer = await loadTrialOffer(c.city).catch((e: { code?: string }) => (e?.code === 'OFFER_NOT_FOUND' ? null : Promise.reject(e)));
    if (!offer) return null;
    const products = (await loadCatalogue(c.city).catch(() => null))?.products ?? [c.product];
    return { offer, inScopeOnSale: offerOnSale(offer.appliesTo ?? {}, products) };
  }, `trial/${c.city}`);
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
  const offer = trial.status === 'ready' ? (trial.data?.offer ?? null) : null;
  // The offer states the passes it is for (server-checked too): say why it does not apply to this one.
  const panel = offer
    ? offerPanel(
        offer,
        { configId: c.product.id, numOfDays: c.fare.numOfDays, categoryId: c.category.id, farePaise: c.fare.discountedFare },
        !!bank,
        trial.status === 'ready' && !!trial.data?.inScopeOnSale,
      )
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
          {panel?.kind === 'notFor' ? (
            <p className={styles.warn}>{t(`pay.offerNotFor.${panel.miss}`, offerMissValues(offer, panel.miss))}</p>
          ) : panel?.kind === 'elsewhere' ? (
            <p>
              <Link to={paths.offersPage}>{t('pay.offerElsewhere')}</Link>
            </p>
          ) : panel?.kind === 'claim' ? (
            <>
              <p className={`${styles.small} ${styles.muted}`}>{t('pay.offerNote')}</p>
              <Button variant="secondary" onClick={() => void claimOffer()} disabled={busy || panel.blockedByBank}>
                {t(offer.kind === 'welcome' ? 'pay.useWelcome' : 'pay.useTrial')}
              </Button>
              {panel.blockedByBank && <p className={styles.small}>{t('error.OFFERS_NOT_COMBINABLE')}</p>}
            </>
          ) : (
            <p className={styles.warn}>
              {/* The offer's `reason` is the server's English sentence: never shown; the rider's words say what to do. */}
              {panel?.kind === 'claimed' ? t('error.DIGITAL_OFFER_ALREADY_AVAILED') : t('pay.offerNotAllowed')}
            </p>
          )}
        </section>
      )}
      <h2>{t('pay.breakup')}</h2>
      <ProblemPanel error={problem} configId={c.product.id} onRetry={quoteRetryable(problem) ? () => setAttempt((n) => n + 1) : undefined} />
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
          {t(payButton(!!order, paying), order ? { amount: money(order.fareInfo.payableAmount) } : undefined)}
        </Button>
      </p>
    </>
  );
}
