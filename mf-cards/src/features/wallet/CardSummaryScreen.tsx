// /sawari-card/summury?card=<ref>: one card, its facts, rename and unlink. Cards are named by their own reference.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Button } from '@sawari/ui';
import { isValidCardName } from '@sawari/domain';
import type { ApiRequestError } from '@sawari/runtime';
import { cardsApi } from '../common/api';
import { cardActions, flowPaths } from '../common/model';
import { historyPath } from '../common/paths';
import { CardFacts, ListSkeleton, LoadError, Page, ProblemPanel, RequireSignIn, asApiError, styles, useCard, useT } from '../common/ui';

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
          {cardActions(c).recharge && (
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
