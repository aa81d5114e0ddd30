// /ncmc-card-recharge/tranfer-in-offline-wallet?orderId= (one recharge) or ?card= (every recharge of the card waiting to
// be moved): the spec's offline recharge, then its confirm (polled until a terminal has written it).
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button } from '@sawari/ui';
import type { ApiRequestError } from '@sawari/runtime';
import { cardsApi } from '../common/api';
import { CARDS_PATH } from '../common/paths';
import { ListSkeleton, LoadError, Page, ProblemPanel, RequireSignIn, asApiError, money, styles, useAsync, useT } from '../common/ui';
import { stagedRecharges, transferStep } from './model';
import { NO_ORDER, useOrder } from './order';

export function TransferScreen() {
  const t = useT();
  const [params] = useSearchParams();
  const orderId = params.get('orderId');
  const card = params.get('card');
  return (
    <Page heading={t('transfer.heading')} intro={t('transfer.intro')} back={{ to: CARDS_PATH, label: t('cards.heading') }}>
      <RequireSignIn>
        {orderId ? (
          <TransferOne orderId={orderId} />
        ) : card ? (
          <TransferCard cardRef={card} />
        ) : (
          <ProblemPanel error={{ code: 'ORDER_NOT_FOUND' }} action={NO_ORDER} />
        )}
      </RequireSignIn>
    </Page>
  );
}

function TransferCard({ cardRef }: { cardRef: string }) {
  const t = useT();
  const staged = useAsync(() => cardsApi.history(cardRef, 0, 50).then((h) => stagedRecharges(h.items)), cardRef);
  if (staged.status === 'loading') return <ListSkeleton />;
  if (staged.status === 'error') return <LoadError error={staged.error} onRetry={staged.retry} />;
  if (!staged.data.length)
    return (
      <div className={styles.empty}>
        <p>{t('transfer.none')}</p>
      </div>
    );
  return (
    <ul className={styles.cards}>
      {staged.data.map((i) => (
        <li key={i.id} className={styles.card}>
          <TransferOne orderId={i.id} />
        </li>
      ))}
    </ul>
  );
}

function TransferOne({ orderId }: { orderId: string }) {
  const t = useT();
  const { order, error, retry, setOrder } = useOrder(orderId);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<ApiRequestError | null>(null);
  const [chip, setChip] = useState<number | null>(null);
  const sending = useRef(false);
  // The confirm: while the recharge waits for a tap, ask every 5 s whether a terminal has written it.
  useEffect(() => {
    if (order?.status !== 'PENDING_ON_CARD') return;
    let live = true;
    const timer = setInterval(() => {
      cardsApi.confirm(orderId).then(
        (c) => {
          if (!live || !c.written) return;
          setChip(c.chipBalancePaise);
          retry();
        },
        () => undefined,
      );
    }, 5000);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [order?.status, orderId, retry]);
  if (error) return error.code === 'ORDER_NOT_FOUND' ? <ProblemPanel error={error} /> : <LoadError error={error} onRetry={retry} />;
  if (!order) return <ListSkeleton rows={1} />;

  const move = async () => {
    if (sending.current) return;
    sending.current = true;
    setBusy(true);
    setProblem(null);
    try {
      setOrder(await cardsApi.transfer(orderId));
    } catch (err) {
      setProblem(asApiError(err));
    } finally {
      sending.current = false;
      setBusy(false);
    }
  };
  const step = transferStep(order.status);
  return (
    <>
      <dl className={styles.facts}>
        <dt>{t('card.number')}</dt>
        <dd className={styles.number}>{order.maskedNumber}</dd>
        <dt>{t('transfer.amount')}</dt>
        <dd>{money(order.amountPaise)}</dd>
        <dt>{t('order.status')}</dt>
        <dd>{t(`state.${order.status}`)}</dd>
      </dl>
      <ProblemPanel error={problem} onRetry={() => void move()} />
      {step === 'move' && (
        <Button onClick={() => void move()} disabled={busy}>
          {t('transfer.move', { amount: money(order.amountPaise) })}
        </Button>
      )}
      {step === 'pending' && (
        <p className={styles.notice} role="status">
          {t('transfer.pending', { amount: money(order.amountPaise) })}
        </p>
      )}
      {step === 'written' && (
        <p className={styles.notice} role="status">
          {chip !== null ? t('transfer.writtenBalance', { balance: money(chip) }) : t('transfer.written')}
        </p>
      )}
      {step === 'refunded' && (
        <p className={styles.warn} role="status">
          {t('success.refunded', { amount: money(order.amountPaise) })}
        </p>
      )}
    </>
  );
}
