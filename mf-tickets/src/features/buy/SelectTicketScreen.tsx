// /select-trip/select-ticket: passengers of each kind and the fare from the API (one leg or a multi-route ticket's
// legs), asked again a moment after each change; Continue keeps the quote the rider saw and goes to their details.
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '@sawari/ui';
import type { ApiRequestError, CityConfig } from '@sawari/runtime';
import { useFlow } from '../common/flow';
import {
  MAX_LEGS,
  MAX_PASSENGERS,
  PASSENGER_KINDS,
  addLeg,
  canAddLeg,
  canAddPassenger,
  flowLegs,
  isMultiRoute,
  legsError,
  passengerError,
  quoteKey,
  removeLeg,
  totalPassengers,
  type PassengerKind,
} from '../common/model';
import { CityGate, ListSkeleton, Page, ProblemPanel, Steps, asApiError, paths, styles, useT } from '../common/ui';
import { legsProblemId, passengerProblemId } from './buy-model';
import { FareLines } from './FareLines';
import { useFlowGuard } from './hooks';
import { fetchQuote, type Quote } from './quote';
import { Stepper } from './Stepper';
import { LegList, Trip } from './Trip';

function TicketChooser({ city }: { city: CityConfig }) {
  const t = useT();
  const navigate = useNavigate();
  const [flow, setFlow] = useFlow();
  const ok = useFlowGuard(city.id, 'stops');
  const [fare, setFare] = useState<{ status: 'idle' | 'loading' | 'ready' | 'error'; data: Quote | null; error: ApiRequestError | null }>({
    status: 'idle',
    data: null,
    error: null,
  });
  const [attempt, setAttempt] = useState(0);
  const [formError, setFormError] = useState<string | null>(null);
  const key = quoteKey(flow);
  const invalid = passengerError(flow.passengers);
  const legsInvalid = isMultiRoute(flow) ? legsError(flowLegs(flow)) : null;
  useEffect(() => {
    if (!ok || invalid || legsInvalid) return;
    const ctl = new AbortController();
    setFare((s) => ({ status: 'loading', data: s.data, error: null }));
    // A short pause so tapping + three times asks once.
    const timer = setTimeout(() => {
      fetchQuote(city.id, flow, ctl.signal).then(
        (data) => setFare({ status: 'ready', data, error: null }),
        (err: unknown) => !ctl.signal.aborted && setFare({ status: 'error', data: null, error: asApiError(err) }),
      );
    }, 250);
    return () => {
      clearTimeout(timer);
      ctl.abort();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, ok, attempt]);
  if (!ok) return null;
  const setCount = (kind: PassengerKind, n: number) => {
    setFormError(null);
    setFlow((f) => ({ ...f, passengers: { ...f.passengers, [kind]: Math.max(0, Math.min(MAX_PASSENGERS, n)) }, quote: null, detailsConfirmed: false }));
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (invalid) return setFormError(t(passengerProblemId(invalid)));
    if (legsInvalid) return setFormError(t(legsProblemId(legsInvalid), { max: MAX_LEGS }));
    if (fare.status !== 'ready' || !fare.data) return setFormError(t('selectTicket.waitFare'));
    setFlow((f) => ({ ...f, quote: { key, farePaise: fare.data!.payableAmount, agency: fare.data!.agency } }));
    navigate(paths.userDetails);
  };
  const connect = () => {
    setFlow(addLeg);
    navigate(paths.selectRoute);
  };
  const multi = isMultiRoute(flow);
  return (
    <form onSubmit={submit} noValidate>
      {multi ? <LegList flow={flow} quote={fare.data} onRemove={(i) => setFlow((f) => removeLeg(f, i))} /> : <Trip flow={flow} fare={fare.data} />}
      {canAddLeg(flow) && (
        <p className={styles.actions}>
          <button type="button" className={styles.textButton} onClick={connect} aria-describedby="multi-add-hint">
            {t('multi.add')}
          </button>
          <br />
          <span id="multi-add-hint" className={`${styles.hint} ${styles.small}`}>
            {t('multi.addHint', { max: MAX_LEGS })}
          </span>
        </p>
      )}
      <fieldset className={styles.fieldset}>
        <legend>{t('selectTicket.passengers', { max: MAX_PASSENGERS })}</legend>
        {PASSENGER_KINDS.map((k) => (
          <Stepper key={k} kind={k} value={flow.passengers[k]} onChange={(n) => setCount(k, n)} canAdd={canAddPassenger(flow.passengers)} />
        ))}
        <p className={`${styles.hint}`} aria-live="polite">
          {t('selectTicket.total', { count: totalPassengers(flow.passengers), max: MAX_PASSENGERS })}
        </p>
      </fieldset>
      <h2>{t('fare.heading')}</h2>
      <div aria-live="polite" aria-busy={fare.status === 'loading'}>
        {invalid ? (
          <p className={styles.warn}>{t(passengerProblemId(invalid))}</p>
        ) : legsInvalid ? (
          <p className={styles.warn}>{t(legsProblemId(legsInvalid), { max: MAX_LEGS })}</p>
        ) : fare.status === 'error' ? (
          <ProblemPanel error={fare.error} onRetry={() => setAttempt((n) => n + 1)} />
        ) : fare.data ? (
          <FareLines fare={fare.data} stale={fare.status === 'loading'} />
        ) : (
          <ListSkeleton rows={2} />
        )}
      </div>
      {formError && (
        <p className={styles.alert} role="alert">
          {formError}
        </p>
      )}
      <Button type="submit" disabled={fare.status === 'loading'}>
        {t('common.continue')}
      </Button>
    </form>
  );
}

/** /select-trip/select-ticket. */
export function SelectTicketScreen() {
  const t = useT();
  return (
    <Page heading={t('selectTicket.heading')} back={{ to: paths.selectStop, label: t('selectStop.heading') }}>
      <Steps current="passengers" />
      <CityGate>{(city) => <TicketChooser city={city} />}</CityGate>
    </Page>
  );
}
