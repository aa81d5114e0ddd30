// /card-payments: the rider's linked cards (spec §7 wallet card list), and /sawari-card/summury?card=<ref>: one card,
// rename and unlink. Cards are named by their own reference; only the last four digits are ever shown.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Button } from '@sawari/ui';
import { isValidCardName } from '@sawari/domain';
import type { ApiRequestError } from '@sawari/runtime';
import type { LinkedCard } from '@sawari/contracts';
import { cardsApi } from '../common/api';
import { flowPaths } from '../common/model';
import {
  CardFacts,
  ListSkeleton,
  LoadError,
  LinkACard,
  Page,
  ProblemPanel,
  RequireSignIn,
  asApiError,
  kindId,
  styles,
  useAsync,
  useCard,
  useT,
} from '../common/ui';

export const summaryPath = (ref: string) => `/sawari-card/summury?card=${encodeURIComponent(ref)}`;
export const historyPath = (ref: string) => `/sawari-card/card-history/${encodeURIComponent(ref)}`;

function CardItem({ card }: { card: LinkedCard }) {
  const t = useT();
  const headingId = `card-${card.cardRef}`;
  const canRecharge = card.status === 'ACTIVE' && !card.expired;
  return (
    <li className={styles.card} aria-labelledby={headingId}>
      <div className={styles.cardHead}>
        <h2 id={headingId} className={styles.cardName}>
          {card.name}
        </h2>
        <span className={styles.badge}>{t(kindId(card.kind))}</span>
      </div>
      <CardFacts card={card} />
      <p className={styles.cardActions}>
        {canRecharge && (
          <Link className={styles.linkButton} to={flowPaths(card.kind).amount(card.cardRef)} aria-label={t('cards.rechargeOf', { name: card.name })}>
            {t('cards.recharge')}
          </Link>
        )}
        {card.kind === 'ncmc' && card.stagedPaise > 0 && (
          <Link to={`/ncmc-card-recharge/tranfer-in-offline-wallet?card=${encodeURIComponent(card.cardRef)}`}>{t('cards.transfer')}</Link>
        )}
        <Link to={historyPath(card.cardRef)} aria-label={t('cards.historyOf', { name: card.name })}>
          {t('cards.history')}
        </Link>
        <Link to={summaryPath(card.cardRef)} aria-label={t('cards.manageOf', { name: card.name })}>
          {t('cards.manage')}
        </Link>
      </p>
    </li>
  );
}

export function CardsScreen() {
  const t = useT();
  return (
    <Page heading={t('cards.heading')} intro={t('cards.intro')}>
      <RequireSignIn>
        <CardList />
      </RequireSignIn>
    </Page>
  );
}

function CardList() {
  const t = useT();
  const list = useAsync(() => cardsApi.list(), 'cards');
  if (list.status === 'loading') return <ListSkeleton />;
  if (list.status === 'error') return <LoadError error={list.error} onRetry={list.retry} />;
  return (
    <>
      {list.data.cards.length === 0 ? (
        <div className={styles.empty}>
          <p>{t('cards.empty')}</p>
        </div>
      ) : (
        <ul className={styles.cards}>
          {list.data.cards.map((c) => (
            <CardItem key={c.cardRef} card={c} />
          ))}
        </ul>
      )}
      <LinkACard />
    </>
  );
}

export function CardSummaryScreen() {
  const t = useT();
  const [params] = useSearchParams();
  const ref = params.get('card');
  return (
    <Page heading={t('summary.heading')} back={{ to: '/card-payments', label: t('cards.heading') }}>
      <RequireSignIn>
        {ref ? <Summary cardRef={ref} /> : <ProblemPanel error={{ code: 'CARD_NOT_FOUND' }} action={{ path: '/card-payments', labelId: 'cards.heading' }} />}
      </RequireSignIn>
    </Page>
  );
}

function Summary({ cardRef }: { cardRef: string }) {
  const t = useT();
  const navigate = useNavigate();
  const card = useCard(cardRef);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiRequestError | null>(null);
  const [confirming, setConfirming] = useState(false);
  const nameInput = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (card.status === 'ready') setName(card.data.name);
  }, [card.status, card.data?.name]);

  if (card.status === 'loading') return <ListSkeleton />;
  if (card.status === 'error')
    return card.error.code === 'CARD_NOT_FOUND' ? (
      <ProblemPanel error={card.error} action={{ path: '/card-payments', labelId: 'cards.heading' }} />
    ) : (
      <LoadError error={card.error} onRetry={card.retry} />
    );
  const c = card.data;

  const rename = async (e: FormEvent) => {
    e.preventDefault();
    setSaved(false);
    if (!isValidCardName(name)) {
      setNameError(name.trim() ? 'link.error.name' : 'link.error.nameEmpty');
      nameInput.current?.focus();
      return;
    }
    setNameError(null);
    setBusy(true);
    try {
      const updated = await cardsApi.rename(cardRef, name.trim());
      card.setData(() => updated);
      setSaved(true);
      setError(null);
    } catch (err) {
      setError(asApiError(err));
    } finally {
      setBusy(false);
    }
  };
  const unlink = async () => {
    setBusy(true);
    try {
      await cardsApi.unlink(cardRef);
      navigate('/card-payments', { replace: true });
    } catch (err) {
      setError(asApiError(err));
      setBusy(false);
    }
  };

  return (
    <>
      <div className={styles.card}>
        <h2>{c.name}</h2>
        <CardFacts card={c} />
        <p className={styles.cardActions}>
          {c.status === 'ACTIVE' && !c.expired && (
            <Link className={styles.linkButton} to={flowPaths(c.kind).amount(cardRef)}>
              {t('cards.recharge')}
            </Link>
          )}
          <Link to={historyPath(cardRef)}>{t('cards.history')}</Link>
        </p>
      </div>
      <ProblemPanel error={error} />
      <form onSubmit={(e) => void rename(e)} noValidate>
        <h2>{t('summary.rename')}</h2>
        <div className={styles.field}>
          <label htmlFor="card-name">{t('link.name')}</label>
          <input
            ref={nameInput}
            id="card-name"
            className={styles.input}
            value={name}
            maxLength={40}
            autoComplete="off"
            aria-invalid={nameError ? true : undefined}
            aria-describedby={nameError ? 'card-name-error' : undefined}
            onChange={(e) => setName(e.target.value)}
          />
          {nameError && (
            <p id="card-name-error" className={styles.error}>
              {t(nameError)}
            </p>
          )}
        </div>
        <Button type="submit" disabled={busy}>
          {t('summary.save')}
        </Button>
        {saved && (
          <p role="status" className={styles.notice}>
            {t('summary.saved')}
          </p>
        )}
      </form>
      <h2>{t('summary.unlink')}</h2>
      <p>{t('summary.unlinkHint')}</p>
      {confirming ? (
        <div className={styles.warn} role="alertdialog" aria-labelledby="unlink-q">
          <p id="unlink-q">{t('summary.unlinkConfirm', { name: c.name })}</p>
          <p className={styles.actions}>
            <Button onClick={() => void unlink()} disabled={busy}>
              {t('summary.unlinkYes')}
            </Button>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              {t('summary.unlinkNo')}
            </Button>
          </p>
        </div>
      ) : (
        <Button variant="secondary" onClick={() => setConfirming(true)}>
          {t('summary.unlink')}
        </Button>
      )}
    </>
  );
}
