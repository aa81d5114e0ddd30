// /select-card/amount-selection, /recharge/amount-selection and /ncmc-card-recharge/amount-selection ?card=: how much to
// add (presets or typed), checked against what the card can take and then by the server's eligibility call, before any
// money moves.
import { useRef, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Button } from '@sawari/ui';
import { RECHARGE_PRESETS_PAISE } from '@sawari/domain';
import type { LinkedCard } from '@sawari/contracts';
import { cardsApi } from '../common/api';
import { cardRefusal, flowPaths, parseRupees } from '../common/model';
import { CARDS_PATH } from '../common/paths';
import { CardFacts, Page, ProblemPanel, RequireSignIn, asApiError, money, styles, useT } from '../common/ui';
import { checkAmount } from './model';
import { WithCard } from './WithCard';

export function AmountScreen() {
  const t = useT();
  return (
    <Page heading={t('amount.heading')} back={{ to: CARDS_PATH, label: t('cards.heading') }}>
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
  const blocked = cardRefusal(card);
  const parsedNow = parseRupees(text);
  const chosen = 'paise' in parsedNow ? parsedNow.paise : null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (sending.current) return;
    setRefusal(null);
    const checked = checkAmount(text, card.maxRechargePaise);
    setFieldError('problem' in checked ? checked.problem : null);
    if ('problem' in checked) {
      input.current?.focus();
      return;
    }
    sending.current = true;
    setBusy(true);
    try {
      const e2 = await cardsApi.eligibility(card.cardRef, checked.paise);
      if (e2.eligible) navigate(flowPaths(card.kind).confirm(card.cardRef, checked.paise));
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
        <ProblemPanel error={{ code: blocked }} action={{ path: CARDS_PATH, labelId: 'cards.heading' }} />
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
