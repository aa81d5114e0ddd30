// /bus-pass-purchase/document-verify: review the details and proofs, then the order is made and submitted for
// verification.
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { deviceId, serverNow } from '@sawari/runtime';
import { Button } from '@sawari/ui';
import { createOrder, loadOrder, submitForVerification } from '../common/api';
import { useFlow } from '../common/flow';
import { buildOrderPayload, cityDate, proofsComplete, validateDetails } from '../common/model';
import { money, Page, paths, ProblemPanel, Steps, styles, useDate, useT, useUserId } from '../common/ui';
import { StartAgain, WithFare } from '../buy/flowProduct';

type Problem = { code?: string; message?: string } | null;

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
