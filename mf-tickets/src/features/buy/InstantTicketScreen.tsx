// /instant-ticket: an instant fare and how many travel, how long the ticket is valid (before paying), then the order
// (one idempotency key per fare and count) and the shell's checkout.
import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '@sawari/ui';
import { checkoutPath, type ApiRequestError, type CityConfig } from '@sawari/runtime';
import { ticketsApi, type InstantFares } from '../common/api';
import { useFlow } from '../common/flow';
import { CityGate, ListSkeleton, LoadError, Page, ProblemPanel, RequireSignIn, asApiError, money, paths, styles, useAsync, useT } from '../common/ui';
import { INSTANT_VALID_MINUTES, instantChoice } from './buy-model';
import { useKeyFor } from './hooks';
import { Stepper } from './Stepper';

function InstantForm({ city }: { city: CityConfig }) {
  const t = useT();
  const navigate = useNavigate();
  const [flow, setFlow] = useFlow();
  const fares = useAsync<InstantFares>(() => ticketsApi.instantFares(city.id), city.id);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiRequestError | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const group = useRef<HTMLFieldSetElement>(null);
  // One order key per chosen fare and count: a retry after a lost answer gets the same order back.
  const instantKey = useKeyFor(`${city.id}:${flow.instant?.fareId ?? ''}:${flow.instant?.count ?? 1}`);
  if (fares.status === 'loading') return <ListSkeleton />;
  if (fares.status === 'error') return <LoadError error={fares.error} onRetry={fares.retry} />;
  const list = fares.data.fares;
  if (!list.length) return <p className={styles.empty}>{t('instant.none')}</p>;
  const { chosen, count, max, total } = instantChoice(list, flow.instant, fares.data.maxPassengers);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!chosen) {
      setFormError(t('instant.chooseFare'));
      group.current?.querySelector('input')?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const order = await ticketsApi.orderInstant(city.id, chosen.id, count, total, instantKey);
      setFlow((f) => ({ ...f, lastTransactionId: order.transactionId }));
      navigate(checkoutPath(chosen.agency, 'ticket', order.transactionId));
    } catch (err) {
      setError(asApiError(err));
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <fieldset className={styles.fieldset} ref={group} aria-describedby={formError ? 'instant-err' : undefined}>
        <legend>{t('instant.fare')}</legend>
        {list.map((f) => (
          <label key={f.id} className={styles.option}>
            <input
              type="radio"
              name="instant-fare"
              checked={chosen?.id === f.id}
              onChange={() => {
                setFormError(null);
                setFlow((x) => ({ ...x, instant: { fareId: f.id, count } }));
              }}
            />
            <span className={styles.optionBody}>
              <strong>{money(f.farePaise)}</strong>
              <span className={`${styles.muted} ${styles.small}`}>{f.agency}</span>
            </span>
          </label>
        ))}
        {formError && (
          <p id="instant-err" className={styles.error} role="alert">
            {formError}
          </p>
        )}
      </fieldset>
      <fieldset className={styles.fieldset}>
        <legend>{t('instant.passengers', { max })}</legend>
        <Stepper
          kind="any"
          min={1}
          value={count}
          canAdd={count < max}
          onChange={(n) => setFlow((x) => ({ ...x, instant: { fareId: x.instant?.fareId ?? '', count: Math.max(1, Math.min(max, n)) } }))}
        />
      </fieldset>
      {chosen && (
        <p className={styles.price} aria-live="polite">
          {t('fare.total', { fare: money(total) })}
        </p>
      )}
      <p className={styles.hint} data-testid="instant-valid-for">
        {t('instant.validFor', { minutes: INSTANT_VALID_MINUTES })}
      </p>
      <ProblemPanel error={error} />
      <Button type="submit" disabled={busy} aria-busy={busy}>
        {busy ? t('pay.busy') : chosen ? t('pay.button', { fare: money(total) }) : t('common.continue')}
      </Button>
    </form>
  );
}

/** /instant-ticket. */
export function InstantTicketScreen() {
  const t = useT();
  return (
    <Page heading={t('instant.heading')} intro={t('instant.intro')} back={{ to: paths.buy, label: t('buy.heading') }}>
      <RequireSignIn>
        <CityGate>{(city) => <InstantForm city={city} />}</CityGate>
      </RequireSignIn>
    </Page>
  );
}
