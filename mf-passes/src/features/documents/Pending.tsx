// The verification status of a pass order, polled (useOrderPoll): what the submitted and pending screens show.
import { useEffect, useLayoutEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { PassOrder } from '@sawari/contracts';
import { CITY_TIME_ZONE, serverNow } from '@sawari/runtime';
import { useIntl } from 'react-intl';
import { Button } from '@sawari/ui';
import { loadOrder, submitForVerification } from '../common/api';
import { verificationState, type VerificationState } from '../common/model';
import { ListSkeleton, paths, ProblemPanel, styles, useDate, useT } from '../common/ui';

type Problem = { code?: string; message?: string } | null;

/** Polls the order every `everyMs` while `keepPolling(order)`; answers the latest order and load state. */
export function useOrderPoll(transactionId: string | null, keepPolling: (o: PassOrder) => boolean, everyMs = 10_000) {
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

/** The order's verification status as it comes; `onState` hears each state (the page heads itself by the same rule). */
export function Pending({
  transactionId,
  everyMs = 10_000,
  onState,
}: {
  transactionId: string;
  everyMs?: number;
  onState?: (state: VerificationState) => void;
}) {
  const t = useT();
  const intl = useIntl();
  const date = useDate();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem>(null);
  const poll = useOrderPoll(transactionId, (o) => verificationState(o) === 'beingChecked' || verificationState(o) === 'notSubmitted', everyMs);
  const o = poll.order;
  const state = o ? verificationState(o) : null;
  // before the browser paints: the page's heading never shows another state than the box below it
  useLayoutEffect(() => {
    if (state) onState?.(state);
  }, [state, onState]);
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
      {state === 'beingChecked' && (
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
      {state === 'notSubmitted' && (
        <div className={styles.warn}>
          <p>{t('pending.notSubmitted')}</p>
          <ProblemPanel error={problem} />
          <Button onClick={() => void submitNow()} disabled={busy}>
            {t('verify.submit')}
          </Button>
        </div>
      )}
      {state === 'rejected' && (
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
      {state === 'approved' && (
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
      {state === 'bought' && (
        <div className={styles.notice}>
          <p>{t('pending.done')}</p>
          <Link to={paths.success(o.transactionId)}>{t('pending.seePass')}</Link>
        </div>
      )}
      {poll.error && <p className={styles.small}>{t('pending.stale')}</p>}
    </div>
  );
}
