// /bus-pass-purchase/submit-for-verification-successful/:transactionId: submitted, then the outcome as it comes.
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { verificationPage, type VerificationState } from '../common/model';
import { Page, paths, RequireSignIn, styles, useT } from '../common/ui';
import { Pending } from './Pending';

/**
 * /bus-pass-purchase/submit-for-verification-successful/:transactionId: submitted, and then the outcome as it comes
 *: the order is polled every 5 s while it waits, and the screen turns into "approved — buy now" or
 * "rejected — the reason" by itself; the rider also gets the outcome by SMS. The heading and the thanks follow the
 * order's state by the one rule (verificationPage): "Submitted" and "Thank you" only while it is being checked.
 */
export function SubmittedScreen() {
  const t = useT();
  const { transactionId = '' } = useParams();
  const [state, setState] = useState<VerificationState | null>(null);
  const page = verificationPage(state);
  return (
    <Page heading={t(page.headingId)}>
      {page.thanks && (
        <p className={styles.notice}>
          {t('submitted.body')} {t('submitted.sms')}
        </p>
      )}
      <RequireSignIn>
        <Pending transactionId={transactionId} everyMs={5_000} onState={setState} />
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
