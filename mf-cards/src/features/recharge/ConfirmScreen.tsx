// /select-card/confirm-details-and-pay and /ncmc-card-recharge/payment-details ?card=&amount=: the card, the fee
// breakup and Pay, which makes the order and goes to the shell's one checkout (/select-payment).
import { useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Button } from '@sawari/ui';
import { checkoutPath, useCityConfig, type ApiRequestError } from '@sawari/runtime';
import { rechargeBreakup } from '@sawari/domain';
import type { LinkedCard } from '@sawari/contracts';
import { cardsApi } from '../common/api';
import { flowPaths } from '../common/model';
import { CARDS_PATH } from '../common/paths';
import { FareBreakup, Page, ProblemPanel, RequireSignIn, asApiError, kindId, money, styles, useT } from '../common/ui';
import { WithCard } from './WithCard';

export function ConfirmScreen() {
  const t = useT();
  return (
    <Page heading={t('confirm.heading')} back={{ to: CARDS_PATH, label: t('cards.heading') }}>
      <RequireSignIn>
        <WithCard>{(card) => <Confirm card={card} />}</WithCard>
      </RequireSignIn>
    </Page>
  );
}

function Confirm({ card }: { card: LinkedCard }) {
  const t = useT();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { cityId } = useCityConfig();
  const amount = Number(params.get('amount'));
  const [error, setError] = useState<ApiRequestError | null>(null);
  const [busy, setBusy] = useState(false);
  const sending = useRef(false);
  // One order key per card and amount shown: Pay again after a lost answer finds the same order.
  const orderKey = useRef({ for: '', key: '' });
  if (orderKey.current.for !== `${card.cardRef}:${amount}`) orderKey.current = { for: `${card.cardRef}:${amount}`, key: crypto.randomUUID() };
  if (!Number.isInteger(amount) || amount <= 0)
    return <ProblemPanel error={{ code: 'AMOUNT_TOO_SMALL' }} action={{ path: flowPaths(card.kind).amount(card.cardRef), labelId: 'confirm.change' }} />;
  const b = rechargeBreakup(card.kind, amount);

  const pay = async () => {
    if (sending.current) return;
    sending.current = true;
    setBusy(true);
    setError(null);
    try {
      const order = await cardsApi.recharge(card.cardRef, amount, cityId ?? 'mumbai', orderKey.current.key);
      navigate(checkoutPath(order.agency, order.orderKind, order.orderId));
    } catch (err) {
      setError(asApiError(err));
      sending.current = false;
      setBusy(false);
    }
  };

  return (
    <>
      <dl className={styles.facts}>
        <dt>{t('card.name')}</dt>
        <dd>{card.name}</dd>
        <dt>{t('card.number')}</dt>
        <dd className={styles.number}>{card.maskedNumber}</dd>
        <dt>{t('card.kind')}</dt>
        <dd>{t(kindId(card.kind))}</dd>
      </dl>
      <FareBreakup lines={b.lines} payable={b.payablePaise} caption={t('confirm.breakup')} />
      <p className={styles.hint}>{t(card.kind === 'ncmc' ? 'confirm.whenNcmc' : 'confirm.when')}</p>
      <ProblemPanel error={error} action={error ? { path: flowPaths(card.kind).amount(card.cardRef), labelId: 'confirm.change' } : null} />
      <p className={styles.actions}>
        <Button onClick={() => void pay()} disabled={busy}>
          {t('confirm.pay', { amount: money(b.payablePaise) })}
        </Button>
        <Link to={flowPaths(card.kind).amount(card.cardRef)}>{t('confirm.change')}</Link>
      </p>
    </>
  );
}
