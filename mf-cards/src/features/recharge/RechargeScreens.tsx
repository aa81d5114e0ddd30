// The recharge flow (spec §2 Cards): choose a card (/select-card for the city card, /ncmc-card-recharge for NCMC),
// choose an amount (presets or typed, checked against what the card can take and then by the server's eligibility
// call, before any money moves), confirm the fee breakup and pay through the shell's one checkout (/select-payment).
// The checkout returns to the success screens; an NCMC recharge is then moved into the card's offline wallet
// (tranfer-in-offline-wallet) and confirmed when a terminal writes it.
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { Button } from '@sawari/ui';
import { checkoutPath, useCityConfig, type ApiRequestError } from '@sawari/runtime';
import { rechargeBreakup, RECHARGE_PRESETS_PAISE, type CardKind } from '@sawari/domain';
import type { CardHistoryItem, CardRechargeOrder, LinkedCard } from '@sawari/contracts';
import { cardsApi } from '../common/api';
import { amountProblem, flowPaths, parseRupees } from '../common/model';
import {
  CardFacts,
  FareBreakup,
  ListSkeleton,
  LoadError,
  LinkACard,
  Page,
  ProblemPanel,
  RequireSignIn,
  asApiError,
  kindId,
  money,
  styles,
  useAsync,
  useCard,
  useT,
} from '../common/ui';
import { historyPath, summaryPath } from '../wallet/CardScreens';

/** Which kind of card a flow path is for. */
const useFlowKind = (): CardKind => (useLocation().pathname.startsWith('/ncmc-card-recharge') ? 'ncmc' : 'closedLoop');

/** The card of `?card=` with its loading and error states, or a way back when it is missing. */
function WithCard({ children }: { children: (card: LinkedCard, setCard: (c: LinkedCard) => void) => ReactNode }) {
  const [params] = useSearchParams();
  const ref = params.get('card');
  const card = useCard(ref);
  if (!ref) return <ProblemPanel error={{ code: 'CARD_NOT_FOUND' }} action={{ path: '/card-payments', labelId: 'cards.heading' }} />;
  if (card.status === 'loading') return <ListSkeleton />;
  if (card.status === 'error')
    return card.error.code === 'CARD_NOT_FOUND' ? (
      <ProblemPanel error={card.error} action={{ path: '/card-payments', labelId: 'cards.heading' }} />
    ) : (
      <LoadError error={card.error} onRetry={card.retry} />
    );
  return <>{children(card.data, (c) => card.setData(() => c))}</>;
}

// --- choose a card --------------------------------------------------------------------------------------------------

export function SelectCardScreen() {
  const t = useT();
  const kind = useFlowKind();
  return (
    <Page heading={t(kind === 'ncmc' ? 'select.headingNcmc' : 'select.heading')} back={{ to: '/card-payments', label: t('cards.heading') }}>
      <RequireSignIn>
        <SelectCard kind={kind} />
      </RequireSignIn>
    </Page>
  );
}

function SelectCard({ kind }: { kind: CardKind }) {
  const t = useT();
  const list = useAsync(() => cardsApi.list(), 'cards');
  if (list.status === 'loading') return <ListSkeleton />;
  if (list.status === 'error') return <LoadError error={list.error} onRetry={list.retry} />;
  const cards = list.data.cards.filter((c) => c.kind === kind);
  return (
    <>
      {cards.length === 0 ? (
        <div className={styles.empty}>
          <p>{t(kind === 'ncmc' ? 'select.emptyNcmc' : 'select.empty')}</p>
        </div>
      ) : (
        <ul className={styles.cards}>
          {cards.map((c) => (
            <li key={c.cardRef} className={styles.card}>
              <h2 className={styles.cardName}>{c.name}</h2>
              <CardFacts card={c} />
              {c.status === 'ACTIVE' && !c.expired ? (
                <Link className={styles.linkButton} to={flowPaths(kind).amount(c.cardRef)} aria-label={t('cards.rechargeOf', { name: c.name })}>
                  {t('cards.recharge')}
                </Link>
              ) : (
                <p className={styles.error}>{t(c.status === 'BLOCKED' ? 'error.cardBlocked' : 'error.cardExpired')}</p>
              )}
            </li>
          ))}
        </ul>
      )}
      <LinkACard />
    </>
  );
}

// --- amount ---------------------------------------------------------------------------------------------------------

export function AmountScreen() {
  const t = useT();
  return (
    <Page heading={t('amount.heading')} back={{ to: '/card-payments', label: t('cards.heading') }}>
      <RequireSignIn>
        <WithCard>{(card) => <AmountForm card={card} />}</WithCard>
      </RequireSignIn>
    </Page>
  );
}

function AmountForm({ card }: { card: LinkedCard }) {
  const t = useT();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const initial = Number(params.get('amount')) || 0;
  const [text, setText] = useState(initial ? String(initial / 100) : '');
  const [fieldError, setFieldError] = useState<{ id: string; values?: Record<string, number> } | null>(null);
  const [refusal, setRefusal] = useState<{ code?: string; message?: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const sending = useRef(false);
  const blocked = card.status === 'BLOCKED' || card.expired;
  const parsedNow = parseRupees(text);
  const chosen = 'paise' in parsedNow ? parsedNow.paise : null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (sending.current) return;
    setRefusal(null);
    const parsed = parseRupees(text);
    const problem = 'error' in parsed ? { id: parsed.error } : amountProblem(parsed.paise, card.maxRechargePaise);
    setFieldError(problem);
    if (problem || 'error' in parsed) {
      input.current?.focus();
      return;
    }
    sending.current = true;
    setBusy(true);
    try {
      const e2 = await cardsApi.eligibility(card.cardRef, parsed.paise);
      if (e2.eligible) navigate(flowPaths(card.kind).confirm(card.cardRef, parsed.paise));
      else setRefusal({ code: e2.reason ?? undefined, message: e2.message ?? undefined });
    } catch (err) {
      setRefusal(asApiError(err));
    } finally {
      sending.current = false;
      setBusy(false);
    }
  };

  return (
    <>
      <div className={styles.card}>
        <h2 className={styles.cardName}>{card.name}</h2>
        <CardFacts card={card} />
      </div>
      {blocked ? (
        <ProblemPanel
          error={{ code: card.status === 'BLOCKED' ? 'CARD_BLOCKED' : 'CARD_EXPIRED' }}
          action={{ path: '/card-payments', labelId: 'cards.heading' }}
        />
      ) : (
        <form onSubmit={(e) => void submit(e)} noValidate>
          <p>{t('amount.max', { max: money(card.maxRechargePaise), limit: money(card.limitPaise) })}</p>
          <fieldset className={styles.presets}>
            <legend>{t('amount.presets')}</legend>
            {RECHARGE_PRESETS_PAISE.map((p) => (
              <button
                key={p}
                type="button"
                className={styles.preset}
                aria-pressed={chosen === p}
                disabled={p > card.maxRechargePaise}
                onClick={() => {
                  setText(String(p / 100));
                  setFieldError(null);
                  setRefusal(null);
                }}
              >
                {money(p)}
              </button>
            ))}
          </fieldset>
          <div className={styles.field}>
            <label htmlFor="amount">{t('amount.label')}</label>
            <input
              ref={input}
              id="amount"
              className={styles.input}
              inputMode="numeric"
              autoComplete="off"
              maxLength={9}
              value={text}
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={fieldError ? 'amount-error amount-hint' : 'amount-hint'}
              onChange={(e) => {
                setText(e.target.value);
                setFieldError(null);
                setRefusal(null);
              }}
            />
            <p id="amount-hint" className={styles.hint}>
              {t('amount.hint')}
            </p>
            {fieldError && (
              <p id="amount-error" className={styles.error} role="alert">
                {t(fieldError.id, Object.fromEntries(Object.entries(fieldError.values ?? {}).map(([k, v]) => [k, money(v)])))}
              </p>
            )}
          </div>
          <ProblemPanel error={refusal} />
          <Button type="submit" disabled={busy}>
            {t('common.continue')}
          </Button>
        </form>
      )}
    </>
  );
}

// --- confirm and pay ------------------------------------------------------------------------------------------------

export function ConfirmScreen() {
  const t = useT();
  return (
    <Page heading={t('confirm.heading')} back={{ to: '/card-payments', label: t('cards.heading') }}>
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

// --- after payment --------------------------------------------------------------------------------------------------

/** Paid states: the checkout returned, so the order is paid or about to be (its issue may lag a moment). */
const PAID = new Set(['STAGED', 'PENDING_ON_CARD', 'WRITTEN', 'REFUNDED']);
const POLL_DELAYS = [500, 1000, 2000, 3000, 5000];

/** The order, polled until it is paid (or failed), then kept as it is. */
function useOrder(orderId: string | null) {
  const [order, setOrder] = useState<CardRechargeOrder | null>(null);
  const [error, setError] = useState<ApiRequestError | null>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!orderId) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async (i: number) => {
      try {
        const o = await cardsApi.order(orderId);
        if (!live) return;
        setOrder(o);
        setError(null);
        if (!PAID.has(o.status) && o.status !== 'PAYMENT_FAILED' && i < 40)
          timer = setTimeout(() => void poll(i + 1), POLL_DELAYS[Math.min(i, POLL_DELAYS.length - 1)]);
      } catch (err) {
        if (live) setError(asApiError(err));
      }
    };
    void poll(0);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [orderId, attempt]);
  return { order, error, retry: () => setAttempt((n) => n + 1), setOrder };
}

function OrderState({ order }: { order: CardRechargeOrder }) {
  const t = useT();
  return (
    <>
      <dl className={styles.facts}>
        <dt>{t('card.name')}</dt>
        <dd>{order.cardName}</dd>
        <dt>{t('card.number')}</dt>
        <dd className={styles.number}>{order.maskedNumber}</dd>
        <dt>{t('order.status')}</dt>
        <dd>{t(`state.${order.status}`)}</dd>
      </dl>
      <FareBreakup lines={order.fareBreakup} payable={order.payablePaise} caption={t('confirm.breakup')} paid={PAID.has(order.status)} />
    </>
  );
}

export function OrderSummaryScreen() {
  const t = useT();
  const [params] = useSearchParams();
  return (
    <Page heading={t('order.heading')} back={{ to: '/card-payments', label: t('cards.heading') }}>
      <RequireSignIn>
        <OrderSummary orderId={params.get('order')} />
      </RequireSignIn>
    </Page>
  );
}

function OrderSummary({ orderId }: { orderId: string | null }) {
  const { order, error, retry } = useOrder(orderId);
  if (!orderId) return <ProblemPanel error={{ code: 'ORDER_NOT_FOUND' }} action={{ path: '/card-payments', labelId: 'cards.heading' }} />;
  if (error) return error.code === 'ORDER_NOT_FOUND' ? <ProblemPanel error={error} /> : <LoadError error={error} onRetry={retry} />;
  if (!order) return <ListSkeleton />;
  return (
    <>
      <OrderState order={order} />
      <Actions order={order} />
    </>
  );
}

function Actions({ order }: { order: CardRechargeOrder }) {
  const t = useT();
  return (
    <p className={styles.actions}>
      {order.status === 'STAGED' && (
        <Link className={styles.linkButton} to={transferPath(order.orderId)}>
          {t('success.moveNow', { amount: money(order.amountPaise) })}
        </Link>
      )}
      {order.status === 'PAYMENT_FAILED' && (
        <Link className={styles.linkButton} to={checkoutPath(order.agency, order.orderKind, order.orderId)}>
          {t('success.payAgain')}
        </Link>
      )}
      <Link to={historyPath(order.cardRef)}>{t('cards.history')}</Link>
      <Link to={summaryPath(order.cardRef)}>{t('success.card')}</Link>
      <Link to="/card-payments">{t('cards.heading')}</Link>
    </p>
  );
}

const transferPath = (orderId: string) => `/ncmc-card-recharge/tranfer-in-offline-wallet?orderId=${encodeURIComponent(orderId)}`;

/** What a paid order means for the rider, in one sentence. */
function Outcome({ order }: { order: CardRechargeOrder }) {
  const t = useT();
  if (order.status === 'PAYMENT_FAILED')
    return (
      <div className={styles.alert} role="alert">
        <p>{t('success.failed')}</p>
      </div>
    );
  if (!PAID.has(order.status)) return <p role="status">{t('success.waiting')}</p>;
  const id = { STAGED: 'success.staged', PENDING_ON_CARD: 'success.pending', WRITTEN: 'success.written', REFUNDED: 'success.refunded' }[
    order.status as 'STAGED'
  ];
  return (
    <div className={order.status === 'REFUNDED' ? styles.warn : styles.notice} role="status">
      {/* what was charged (the recharge and its fee: ₹305, not the ₹300 that reaches the card); a refund returns the same */}
      <p className={styles.bigState}>{t(order.status === 'REFUNDED' ? 'success.refundedTitle' : 'success.title', { amount: money(order.payablePaise) })}</p>
      {order.feePaise > 0 && <p className={styles.small}>{t('success.charged', { amount: money(order.amountPaise), fee: money(order.feePaise) })}</p>}
      <p>{t(id, { amount: money(order.amountPaise) })}</p>
    </div>
  );
}

/** /select-card/card-recharge-successful/:transectionId (the checkout's return path for the city card). */
export function SuccessScreen() {
  const t = useT();
  const { transectionId } = useParams();
  return (
    <Page heading={t('success.heading')}>
      <RequireSignIn>
        <Success orderId={transectionId ?? null} />
      </RequireSignIn>
    </Page>
  );
}

/** A recharge that is not there (no order in the address, or one this rider does not have): the way on is their cards. */
const NO_ORDER = { path: '/card-payments', labelId: 'cards.heading' } as const;

function Success({ orderId }: { orderId: string | null }) {
  const { order, error, retry } = useOrder(orderId);
  if (!orderId) return <ProblemPanel error={{ code: 'ORDER_NOT_FOUND' }} action={NO_ORDER} />;
  if (error) return error.code === 'ORDER_NOT_FOUND' ? <ProblemPanel error={error} action={NO_ORDER} /> : <LoadError error={error} onRetry={retry} />;
  if (!order) return <ListSkeleton />;
  return (
    <>
      <Outcome order={order} />
      <OrderState order={order} />
      <Actions order={order} />
    </>
  );
}

/** /ncmc-card-recharge/successful/:cardType?orderId= (the checkout's return path for NCMC). */
export function NcmcSuccessScreen() {
  const t = useT();
  const [params] = useSearchParams();
  return (
    <Page heading={t('success.heading')}>
      <RequireSignIn>
        <Success orderId={params.get('orderId')} />
      </RequireSignIn>
    </Page>
  );
}

// --- NCMC: into the offline wallet ----------------------------------------------------------------------------------

/**
 * /ncmc-card-recharge/tranfer-in-offline-wallet?orderId= (one recharge) or ?card= (every recharge of the card waiting
 * to be moved): the spec's offline recharge, then its confirm (polled until a terminal has written it).
 */
export function TransferScreen() {
  const t = useT();
  const [params] = useSearchParams();
  const orderId = params.get('orderId');
  const card = params.get('card');
  return (
    <Page heading={t('transfer.heading')} intro={t('transfer.intro')} back={{ to: '/card-payments', label: t('cards.heading') }}>
      <RequireSignIn>
        {orderId ? (
          <TransferOne orderId={orderId} />
        ) : card ? (
          <TransferCard cardRef={card} />
        ) : (
          <ProblemPanel error={{ code: 'ORDER_NOT_FOUND' }} action={{ path: '/card-payments', labelId: 'cards.heading' }} />
        )}
      </RequireSignIn>
    </Page>
  );
}

function TransferCard({ cardRef }: { cardRef: string }) {
  const t = useT();
  const staged = useAsync(
    () => cardsApi.history(cardRef, 0, 50).then((h) => h.items.filter((i: CardHistoryItem) => i.type === 'RECHARGE' && i.state === 'STAGED')),
    cardRef,
  );
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
      {order.status === 'STAGED' && (
        <Button onClick={() => void move()} disabled={busy}>
          {t('transfer.move', { amount: money(order.amountPaise) })}
        </Button>
      )}
      {order.status === 'PENDING_ON_CARD' && (
        <p className={styles.notice} role="status">
          {t('transfer.pending', { amount: money(order.amountPaise) })}
        </p>
      )}
      {order.status === 'WRITTEN' && (
        <p className={styles.notice} role="status">
          {chip !== null ? t('transfer.writtenBalance', { balance: money(chip) }) : t('transfer.written')}
        </p>
      )}
      {order.status === 'REFUNDED' && (
        <p className={styles.warn} role="status">
          {t('success.refunded', { amount: money(order.amountPaise) })}
        </p>
      )}
    </>
  );
}
