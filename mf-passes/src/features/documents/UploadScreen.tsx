// /bus-pass-purchase/upload-documents: the photograph and the proof of the category, uploaded one by one.
import { useNavigate } from 'react-router-dom';
import { Button } from '@sawari/ui';
import { useFlow } from '../common/flow';
import { proofsComplete, suggestedIdKind, withProof, type UploadedProof } from '../common/model';
import { Page, paths, Steps, styles, useT } from '../common/ui';
import { WithFare } from '../buy/flowProduct';
import { ProofPicker } from './ProofPicker';

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
