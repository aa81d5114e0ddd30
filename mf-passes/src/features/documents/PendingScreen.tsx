// /bus-pass-purchase/document-verify-pending[?transactionId=]: the verification status, checked every 10 s.
import { useSearchParams } from 'react-router-dom';
import { useFlow } from '../common/flow';
import { Page, paths, RequireSignIn, useT } from '../common/ui';
import { StartAgain } from '../buy/flowProduct';
import { Pending } from './Pending';

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
