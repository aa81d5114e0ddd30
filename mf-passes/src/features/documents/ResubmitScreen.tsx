// /bus-pass-purchase/resubmit-for-verification/:transactionId: new proofs (REINITIATE) or the same again (REAPPLY).
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Button } from '@sawari/ui';
import { loadOrder, resubmit } from '../common/api';
import { EMPTY_FLOW, proofsComplete, suggestedIdKind, verificationState, withProof, type UploadedProof } from '../common/model';
import { ListSkeleton, LoadError, Page, paths, ProblemPanel, RequireSignIn, styles, useAsync, useT } from '../common/ui';
import { ProofPicker } from './ProofPicker';

type Problem = { code?: string; message?: string } | null;

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
  if (verificationState(o) !== 'rejected')
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
