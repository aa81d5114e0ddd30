// Passes that need proofs (spec §5 proof rule, the server's proofRequired): what is needed, upload, review and submit,
// the verification status (polled), resubmission after a rejection, and buying once verified.
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import type { PassOrder } from '@sawari/contracts';
import { checkoutPath, CITY_TIME_ZONE, deviceId, serverNow } from '@sawari/runtime';
import { useIntl } from 'react-intl';
import { Button } from '@sawari/ui';
import { createOrder, loadOrder, loadProduct, resubmit, submitForVerification } from '../common/api';
import { useFlow } from '../common/flow';
import { buildOrderPayload, cityDate, EMPTY_FLOW, proofsComplete, suggestedIdKind, validateDetails, withProof, type UploadedProof } from '../common/model';
import {
  FareBreakup,
  ListSkeleton,
  LoadError,
  money,
  Page,
  paths,
  ProblemPanel,
  RequireSignIn,
  Steps,
  styles,
  useAsync,
  useDate,
  useT,
  useUserId,
} from '../common/ui';
import { StartAgain, WithFare } from '../buy/flowProduct';
import { ProofPicker } from './ProofPicker';

type Problem = { code?: string; message?: string } | null;

/** /bus-pass-purchase/document: what is needed. */
export function DocumentScreen() {
  const t = useT();
  return (
    <Page heading={t('doc.heading')} back={{ to: paths.details, label: t('common.back') }}>
      <Steps current="documents" withDocuments />
      <WithFare>
        {(c) => (
          <>
            <p>{t('doc.intro', { category: c.category.name })}</p>
            <ul>
              <li>{t('doc.photo')}</li>
              <li>{t('doc.id', { kind: t(`proof.${suggestedIdKind(c.category.id, c.category.name)}`) })}</li>
            </ul>
            <p className={styles.muted}>{t('doc.rules')}</p>
            <p className={styles.muted}>{t('doc.review')}</p>
            <p className={styles.actions}>
              <Link className={styles.linkButton} to={paths.upload}>
                {t('doc.start')}
              </Link>
            </p>
          </>
        )}
      </WithFare>
    </Page>
  );
}

/** /bus-pass-purchase/upload-documents */
export function UploadScreen() {
  const t = useT();
  const navigate = useNavigate();
  const [flow, setFlow] = useFlow();
  return (
    <Page heading={t('upload.heading')} back={{ to: paths.document, label: t('common.back') }}>
      <Steps current="documents" withDocuments />
      <WithFare>
        {(c) => (
          <>
            <ProofPicker
              proofs={flow.proofs}
              onChange={(p: UploadedProof) => setFlow((f) => withProof(f, p))}
              idKind={suggestedIdKind(c.category.id, c.category.name)}
            />
            {!proofsComplete(flow.proofs) && <p className={styles.hint}>{t('upload.needBoth')}</p>}
            <p className={styles.actions}>
              <Button onClick={() => navigate(paths.verify)} disabled={!proofsComplete(flow.proofs)}>
                {t('common.continue')}
              </Button>
            </p>
          </>
        )}
      </WithFare>
    </Page>
  );
}

/** /bus-pass-purchase/document-verify: review, then the order is made and submitted for verification. */
export function VerifyScreen() {
  const t = useT();
  const date = useDate();
  const navigate = useNavigate();
  const userId = useUserId();
  const [flow, setFlow] = useFlow();
  const [problem, setProblem] = useState<Problem>(null);
  const [busy, setBusy] = useState(false);
  return (
    <Page heading={t('verify.heading')} back={{ to: paths.upload, label: t('common.back') }}>
      <Steps current="documents" withDocuments />
      <WithFare>
        {(c) => {
          const d = flow.details;
          if (!d || Object.keys(validateDetails(d, cityDate(serverNow()))).length) return <StartAgain reason={t('pay.detailsMissing')} />;
          if (!proofsComplete(flow.proofs)) return <StartAgain reason={t('upload.needBoth')} />;
          const submit = async () => {
            if (!userId) return;
            setBusy(true);
            setProblem(null);
            try {
              let order = flow.transactionId ? await loadOrder(flow.transactionId).catch(() => null) : null;
              // Already submitted with these very proofs (a reload, a double tap): nothing to send again.
              if (order?.status === 'UNVERIFIED' && order.submittedForVerification) return navigate(paths.submitted(order.transactionId));
              if (!order || order.status !== 'UNVERIFIED') {
                order = await createOrder(buildOrderPayload({ flow, fare: c.fare, userId, deviceId: deviceId(), proofRequired: true }));
                setFlow((f) => ({ ...f, transactionId: order!.transactionId }));
              }
              if (order.status === 'UNVERIFIED' && !order.submittedForVerification) order = await submitForVerification(order.transactionId);
              navigate(paths.submitted(order.transactionId));
            } catch (err) {
              setProblem(err as Problem);
              setBusy(false);
            }
          };
          return (
            <>
              <dl className={styles.facts}>
                <dt>{t('summary.pass')}</dt>
                <dd>{c.product.name}</dd>
                <dt>{t('summary.category')}</dt>
                <dd>{c.category.name}</dd>
                <dt>{t('summary.fare')}</dt>
                <dd>
                  {c.fare.displayName} · {money(c.fare.discountedFare)}
                </dd>
                <dt>{t('details.name')}</dt>
                <dd>{d.userName}</dd>
                <dt>{t('details.mobile')}</dt>
                <dd>{d.mobileNumber}</dd>
                {d.dob && (
                  <>
                    <dt>{t('details.dob')}</dt>
                    <dd>{date(d.dob)}</dd>
                  </>
                )}
                <dt>{t('details.start')}</dt>
                <dd>{date(d.passStartDate)}</dd>
                {flow.proofs.map((p) => (
                  <Fragmented key={p.fileId} term={t(`proof.${p.kind}`)} value={p.name} />
                ))}
              </dl>
              <p className={styles.actions}>
                <Link to={paths.details}>{t('action.changeDetails')}</Link>
                <Link to={paths.upload}>{t('verify.changeFiles')}</Link>
              </p>
              <ProblemPanel error={problem} configId={c.product.id} />
              <Button onClick={() => void submit()} disabled={busy}>
                {t(busy ? 'verify.submitting' : 'verify.submit')}
              </Button>
            </>
          );
        }}
      </WithFare>
    </Page>
  );
}

function Fragmented({ term, value }: { term: string; value: string }) {
  return (
    <>
      <dt>{term}</dt>
      <dd>{value}</dd>
    </>
  );
}

/**
 * /bus-pass-purchase/submit-for-verification-successful/:transactionId: submitted, and then the outcome as it comes
 * (issue 16 item 9): the order is polled every 5 s while it waits, and the screen turns into "approved — buy now" or
 * "rejected — the reason" by itself; the rider also gets the outcome by SMS.
 */
export function SubmittedScreen() {
  const t = useT();
  const { transactionId = '' } = useParams();
  return (
    <Page heading={t('submitted.heading')}>
      <p className={styles.notice}>
        {t('submitted.body')} {t('submitted.sms')}
      </p>
      <RequireSignIn>
        <Pending transactionId={transactionId} everyMs={5_000} />
      </RequireSignIn>
      <p className={styles.actions}>
        <Link className={styles.linkButton} to={paths.pending(transactionId)}>
          {t('submitted.status')}
        </Link>
        <Link to={paths.home}>{t('common.allPasses')}</Link>
      </p>
    </Page>
  );
}

/** Polls the order every `everyMs` while `keepPolling(order)`; answers the latest order and load state. */
function useOrderPoll(transactionId: string | null, keepPolling: (o: PassOrder) => boolean, everyMs = 10_000) {
  const [state, setState] = useState<{ order: PassOrder | null; error: Problem; checkedAt: number | null }>({ order: null, error: null, checkedAt: null });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!transactionId) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    const tick = async () => {
      try {
        const order = await loadOrder(transactionId);
        if (!live) return;
        failures = 0;
        setState({ order, error: null, checkedAt: serverNow() });
        if (keepPolling(order)) timer = setTimeout(tick, everyMs);
      } catch (err) {
        if (!live) return;
        failures += 1;
        setState((s) => ({ ...s, error: err as Problem }));
        if ((err as Problem)?.code !== 'ORDER_NOT_FOUND') timer = setTimeout(tick, Math.min(120_000, everyMs * 2 ** failures));
      }
    };
    void tick();
    return () => {
      live = false;
      clearTimeout(timer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [transactionId, attempt]);
  return { ...state, retry: () => setAttempt((n) => n + 1) };
}

/** /bus-pass-purchase/document-verify-pending[?transactionId=]: the verification status, checked every 10 s. */
export function PendingScreen() {
  const t = useT();
  const [params] = useSearchParams();
  const [flow] = useFlow();
  const transactionId = params.get('transactionId') ?? flow.transactionId;
  return (
    <Page heading={t('pending.heading')} back={{ to: paths.home, label: t('common.allPasses') }}>
      <RequireSignIn>{transactionId ? <Pending transactionId={transactionId} /> : <StartAgain reason={t('pending.none')} />}</RequireSignIn>
    </Page>
  );
}

function Pending({ transactionId, everyMs = 10_000 }: { transactionId: string; everyMs?: number }) {
  const t = useT();
  const intl = useIntl();
  const date = useDate();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem>(null);
  const poll = useOrderPoll(transactionId, (o) => o.status === 'UNVERIFIED', everyMs);
  const o = poll.order;
  if (!o && poll.error) return <ProblemPanel error={poll.error} onRetry={poll.retry} />;
  if (!o) return <ListSkeleton rows={2} />;
  const submitNow = async () => {
    setBusy(true);
    try {
      await submitForVerification(o.transactionId);
      navigate(paths.submitted(o.transactionId));
    } catch (err) {
      setProblem(err as Problem);
      setBusy(false);
    }
  };
  return (
    <div aria-live="polite">
      {o.status === 'UNVERIFIED' && o.submittedForVerification && (
        <div className={styles.warn} role="status">
          <p>
            <strong>{t('pending.waiting')}</strong>
          </p>
          <p>{t('pending.waitingBody')}</p>
          {poll.checkedAt && (
            <p className={styles.small}>
              {t('pending.checked', {
                time: intl.formatTime(poll.checkedAt, { timeZone: CITY_TIME_ZONE, hour: 'numeric', minute: '2-digit', second: '2-digit' }),
              })}
            </p>
          )}
        </div>
      )}
      {o.status === 'UNVERIFIED' && !o.submittedForVerification && (
        <div className={styles.warn}>
          <p>{t('pending.notSubmitted')}</p>
          <ProblemPanel error={problem} />
          <Button onClick={() => void submitNow()} disabled={busy}>
            {t('verify.submit')}
          </Button>
        </div>
      )}
      {o.status === 'REJECTED' && (
        <div className={styles.alert}>
          <p>
            <strong>{t('pending.rejected')}</strong>
          </p>
          {o.rejectionReason && <p>{t('orders.reason', { reason: o.rejectionReason })}</p>}
          <Link className={styles.linkButton} to={paths.resubmit(o.transactionId)}>
            {t('orders.resubmit')}
          </Link>
        </div>
      )}
      {(o.status === 'PENDING' || o.status === 'PAYMENT_FAILED' || o.status === 'PAYMENT_PROCESSING') && (
        <div className={styles.notice}>
          <p>
            <strong>{t('pending.verified')}</strong>
          </p>
          <p>{t('pending.verifiedBody', { start: date(o.passStartDate) })}</p>
          <Link className={styles.linkButton} to={paths.afterVerification(o.transactionId, o.isRenew)}>
            {t('orders.buy')}
          </Link>
        </div>
      )}
      {o.status === 'SUCCESS' && (
        <div className={styles.notice}>
          <p>{t('pending.done')}</p>
          <Link to={paths.success(o.transactionId)}>{t('pending.seePass')}</Link>
        </div>
      )}
      {poll.error && <p className={styles.small}>{t('pending.stale')}</p>}
    </div>
  );
}

/** /bus-pass-purchase/resubmit-for-verification/:transactionId: new proofs (REINITIATE) or the same again (REAPPLY). */
export function ResubmitScreen() {
  const t = useT();
  const { transactionId = '' } = useParams();
  return (
    <Page heading={t('resubmit.heading')} back={{ to: paths.home, label: t('common.allPasses') }}>
      <RequireSignIn>
        <Resubmit transactionId={transactionId} />
      </RequireSignIn>
    </Page>
  );
}

function Resubmit({ transactionId }: { transactionId: string }) {
  const t = useT();
  const navigate = useNavigate();
  const order = useAsync(() => loadOrder(transactionId), transactionId);
  const [proofs, setProofs] = useState<UploadedProof[]>([]);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem>(null);
  if (order.status === 'loading') return <ListSkeleton rows={2} />;
  if (order.status === 'error')
    return order.error.code === 'ORDER_NOT_FOUND' ? <ProblemPanel error={order.error} /> : <LoadError error={order.error} onRetry={order.retry} />;
  const o = order.data;
  if (o.status !== 'REJECTED')
    return (
      <div className={styles.empty}>
        <p>{t('resubmit.notRejected')}</p>
        <Link to={paths.pending(o.transactionId)}>{t('orders.status')}</Link>
      </div>
    );
  const send = async (action: 'REINITIATE' | 'REAPPLY') => {
    setBusy(true);
    setProblem(null);
    try {
      await resubmit(o.transactionId, action, action === 'REINITIATE' ? proofs.map((p) => ({ kind: p.kind, fileId: p.fileId })) : undefined);
      navigate(paths.submitted(o.transactionId));
    } catch (err) {
      setProblem(err as Problem);
      setBusy(false);
    }
  };
  return (
    <>
      <div className={styles.alert}>
        <p>
          <strong>{t('pending.rejected')}</strong>
        </p>
        {o.rejectionReason && <p>{t('orders.reason', { reason: o.rejectionReason })}</p>}
      </div>
      <h2>{t('resubmit.newFiles')}</h2>
      <p>{t('resubmit.newFilesBody')}</p>
      <ProofPicker
        proofs={proofs}
        onChange={(p) => setProofs((ps) => withProof({ ...EMPTY_FLOW, proofs: ps }, p).proofs)}
        idKind={suggestedIdKind(o.categoryId)}
      />
      <ProblemPanel error={problem} configId={o.configurationId} />
      <p className={styles.actions}>
        <Button onClick={() => void send('REINITIATE')} disabled={busy || !proofsComplete(proofs)}>
          {t('resubmit.reinitiate')}
        </Button>
      </p>
      <h2>{t('resubmit.same')}</h2>
      <p>{t('resubmit.sameBody')}</p>
      <Button variant="secondary" onClick={() => void send('REAPPLY')} disabled={busy}>
        {t('resubmit.reapply')}
      </Button>
    </>
  );
}

/** /bus-pass-purchase/purchase-pass-after-verification/:transactionId/:isRenew: the server's breakup, then checkout. */
export function AfterVerificationScreen() {
  const t = useT();
  const { transactionId = '', isRenew = 'false' } = useParams();
  return (
    <Page heading={t(isRenew === 'true' ? 'after.headingRenew' : 'after.heading')} back={{ to: paths.home, label: t('common.allPasses') }}>
      <RequireSignIn>
        <AfterVerification transactionId={transactionId} />
      </RequireSignIn>
    </Page>
  );
}

function AfterVerification({ transactionId }: { transactionId: string }) {
  const t = useT();
  const date = useDate();
  const navigate = useNavigate();
  const order = useAsync(async () => {
    const o = await loadOrder(transactionId);
    const product = await loadProduct(o.city, o.configurationId).catch(() => null);
    return { o, product };
  }, transactionId);
  if (order.status === 'loading') return <ListSkeleton rows={3} />;
  if (order.status === 'error')
    return order.error.code === 'ORDER_NOT_FOUND' ? <ProblemPanel error={order.error} /> : <LoadError error={order.error} onRetry={order.retry} />;
  const { o, product } = order.data;
  if (o.status === 'SUCCESS')
    return (
      <div className={styles.notice}>
        <p>{t('pending.done')}</p>
        <Link to={paths.success(o.transactionId)}>{t('pending.seePass')}</Link>
      </div>
    );
  if (o.status === 'UNVERIFIED' || o.status === 'REJECTED')
    return (
      <div className={styles.warn}>
        <p>{t('after.notVerified')}</p>
        <Link to={o.status === 'REJECTED' ? paths.resubmit(o.transactionId) : paths.pending(o.transactionId)}>
          {t(o.status === 'REJECTED' ? 'orders.resubmit' : 'orders.status')}
        </Link>
      </div>
    );
  const category = product?.categories.find((c) => c.id === o.categoryId);
  const fare = product?.fareMapping[o.categoryId]?.find((f) => f.fmId === o.fmId);
  const payable = o.payableAmount ?? o.fareInfo.payableAmount;
  return (
    <>
      {o.verificationStatus === 'VERIFIED' && <p className={styles.notice}>{t('after.verified')}</p>}
      <dl className={styles.facts}>
        {product && (
          <>
            <dt>{t('summary.pass')}</dt>
            <dd>{product.name}</dd>
          </>
        )}
        {category && (
          <>
            <dt>{t('summary.category')}</dt>
            <dd>{category.name}</dd>
          </>
        )}
        {fare && (
          <>
            <dt>{t('summary.fare')}</dt>
            <dd>{fare.displayName}</dd>
          </>
        )}
        <dt>{t('details.start')}</dt>
        <dd>{date(o.passStartDate)}</dd>
      </dl>
      {o.status === 'PAYMENT_FAILED' && <p className={styles.alert}>{t('after.failedBefore')}</p>}
      <h2>{t('pay.breakup')}</h2>
      <FareBreakup lines={o.fareInfo.fareBreakup} payable={payable} caption={t('pay.breakup')} />
      <Button onClick={() => product && navigate(checkoutPath(product.agency, 'pass', o.transactionId))} disabled={!product}>
        {t('pay.pay', { amount: money(payable) })}
      </Button>
    </>
  );
}

export { useOrderPoll };
