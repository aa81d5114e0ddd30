// Buying a single-journey ticket, second half: /select-trip/select-ticket (passengers and the fare from the API),
// /pay-for-ticket/user-details (who travels: the rider's profile), /pay-for-ticket (review, validate-fare, create the
// order, go to the shell's checkout). Also /instant-ticket (an instant fare and a passenger count, then checkout).
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Button } from '@sawari/ui';
import { ApiRequestError, checkoutPath, type CityConfig } from '@sawari/runtime';
import type { FareResponse, LegFare, MultiRouteFareResponse } from '@sawari/contracts';
import { ticketValidity } from '@sawari/domain';
import { newOrderKey, ticketsApi, type InstantFares } from '../common/api';
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
  type Flow,
  type PassengerKind,
} from '../common/model';
import {
  CityGate,
  FareBreakup,
  ListSkeleton,
  LoadError,
  Page,
  ProblemPanel,
  RequireSignIn,
  Steps,
  asApiError,
  money,
  paths,
  styles,
  useAsync,
  useT,
} from '../common/ui';

const legOf = (f: Flow) => ({ routeId: f.route!.routeId, fromStopId: f.fromStopId!, toStopId: f.toStopId! });
const legBody = (l: { routeId: string; fromStopId: string; toStopId: string }) => ({ routeId: l.routeId, fromStopId: l.fromStopId, toStopId: l.toStopId });

/** The fare of what the flow holds: one leg (single journey, `POST …/fare`) or 2–4 legs (`POST …/multi-route-fare`). */
type Quote = { payableAmount: number; agency: string; legs: LegFare[]; total: FareResponse | MultiRouteFareResponse };
async function fetchQuote(city: string, flow: Flow, signal?: AbortSignal): Promise<Quote> {
  if (isMultiRoute(flow)) {
    const m = await ticketsApi.multiFare(city, flowLegs(flow).map(legBody), flow.passengers, signal);
    return { payableAmount: m.payableAmount, agency: m.legs[0]?.agency ?? '', legs: m.legs, total: m };
  }
  const f = await ticketsApi.fare(city, legOf(flow), flow.passengers, signal);
  return { payableAmount: f.payableAmount, agency: f.agency, legs: [f], total: f };
}

const ready = (f: Flow, city: string) => f.city === city && !!f.route && !!f.fromStopId && !!f.toStopId;

/** Sends the rider back to the first step the flow is missing. */
function useFlowGuard(city: string, need: 'stops' | 'quote' | 'details') {
  const [flow] = useFlow();
  const navigate = useNavigate();
  const key = quoteKey(flow);
  const missing =
    !flow.route || flow.city !== city
      ? paths.selectRoute
      : !ready(flow, city)
        ? paths.selectStop
        : need !== 'stops' && flow.quote?.key !== key
          ? paths.selectTicket
          : need === 'details' && !flow.detailsConfirmed
            ? paths.userDetails
            : null;
  useEffect(() => {
    if (missing) navigate(missing, { replace: true });
  }, [missing, navigate]);
  return missing === null;
}

function Trip({ flow, fare }: { flow: Flow; fare?: Quote | null }) {
  const t = useT();
  if (isMultiRoute(flow)) return <LegList flow={flow} quote={fare ?? null} />;
  return (
    <dl className={styles.facts}>
      <dt>{t('ticket.route')}</dt>
      <dd>
        {fare?.legs[0]?.routeName ?? flow.route?.routeName}
        {flow.route?.longName ? ` · ${flow.route.longName}` : ''}
      </dd>
      {fare?.legs[0] && (
        <>
          <dt>{t('ticket.from')}</dt>
          <dd>{fare.legs[0].fromStopName}</dd>
          <dt>{t('ticket.to')}</dt>
          <dd>{fare.legs[0].toStopName}</dd>
        </>
      )}
    </dl>
  );
}

/** The legs of a multi-route ticket, in order, with the stop names from the fare once it is known. */
function LegList({ flow, quote, onRemove }: { flow: Flow; quote: Quote | null; onRemove?: (index: number) => void }) {
  const t = useT();
  const legs = flowLegs(flow);
  return (
    <section aria-labelledby="multi-legs-h">
      <h2 id="multi-legs-h">{t('multi.legs', { count: legs.length, max: MAX_LEGS })}</h2>
      <ol className={styles.legList} data-testid="multi-legs">
        {legs.map((l, i) => {
          const named = quote?.legs[i];
          const from = named?.fromStopId === l.fromStopId ? named.fromStopName : l.fromStopId;
          const to = named?.toStopId === l.toStopId ? named.toStopName : l.toStopId;
          return (
            <li key={`${i}-${l.routeId}`}>
              <span className={styles.routeBadge}>{l.routeName}</span> {t('item.journey', { from, to })}
              {onRemove && (
                <>
                  {' '}
                  <button
                    type="button"
                    className={styles.textButton}
                    onClick={() => onRemove(i)}
                    aria-label={t('multi.remove', { n: i + 1, route: l.routeName })}
                  >
                    {t('multi.removeShort')}
                  </button>
                </>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

function Stepper({
  kind,
  value,
  onChange,
  canAdd,
  min = 0,
}: {
  kind: PassengerKind | 'any';
  value: number;
  onChange: (n: number) => void;
  canAdd: boolean;
  min?: number;
}) {
  const t = useT();
  const id = useId();
  const name = t(kind === 'any' ? 'ticket.passengers' : `passenger.${kind}`);
  return (
    <div className={styles.passengerRow} role="group" aria-labelledby={id}>
      <span id={id}>
        <strong>{name}</strong>
        {kind !== 'any' && (
          <>
            <br />
            <span className={`${styles.muted} ${styles.small}`}>{t(`passenger.${kind}.hint`)}</span>
          </>
        )}
      </span>
      <span className={styles.stepper}>
        <button
          type="button"
          onClick={() => onChange(value - 1)}
          disabled={value <= min}
          aria-label={kind === 'any' ? t('passenger.removeAny') : t('passenger.remove', { name })}
        >
          −
        </button>
        <output aria-live="polite" aria-label={t('passenger.count', { name, count: value })}>
          {value}
        </output>
        <button
          type="button"
          onClick={() => onChange(value + 1)}
          disabled={!canAdd}
          aria-label={kind === 'any' ? t('passenger.addAny') : t('passenger.add', { name })}
        >
          +
        </button>
      </span>
    </div>
  );
}

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
    if (invalid) return setFormError(t(invalid === 'NO_PASSENGERS' ? 'error.noPassengers' : 'error.tooManyPassengers'));
    if (legsInvalid)
      return setFormError(
        t(legsInvalid === 'SAME_LEG' ? 'multi.error.sameLeg' : legsInvalid === 'SAME_STOP' ? 'error.sameStop' : 'multi.error.count', { max: MAX_LEGS }),
      );
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
          <p className={styles.warn}>{t(invalid === 'NO_PASSENGERS' ? 'error.noPassengers' : 'error.tooManyPassengers')}</p>
        ) : legsInvalid ? (
          <p className={styles.warn}>
            {t(legsInvalid === 'SAME_LEG' ? 'multi.error.sameLeg' : legsInvalid === 'SAME_STOP' ? 'error.sameStop' : 'multi.error.count', { max: MAX_LEGS })}
          </p>
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

function FareLines({ fare, stale }: { fare: Quote; stale?: boolean }) {
  const t = useT();
  if (fare.legs.length > 1) return <MultiFareLines fare={fare} stale={stale} />;
  const one = fare.legs[0];
  const lines = one.passengerDetails.map((g) => ({ name: g.name, value: g.payableAmount }));
  return (
    <div style={stale ? { opacity: 0.6 } : undefined}>
      <FareBreakup lines={lines} payable={one.payableAmount} caption={t('fare.heading')} />
      <p className={`${styles.muted} ${styles.small}`}>{t('fare.distance', { km: (one.distanceMeters / 1000).toFixed(1) })}</p>
    </div>
  );
}

/** A multi-route fare: each leg's breakup (from the server), then the combined total (shared/domain aggregateFares). */
function MultiFareLines({ fare, stale }: { fare: Quote; stale?: boolean }) {
  const t = useT();
  return (
    <div style={stale ? { opacity: 0.6 } : undefined} data-testid="multi-fare">
      {fare.legs.map((leg, i) => (
        <div key={`${i}-${leg.routeId}`} className={styles.legFare}>
          <h3>{t('multi.legFare', { n: i + 1, route: leg.routeName })}</h3>
          <p className={`${styles.muted} ${styles.small}`}>
            {t('item.journey', { from: leg.fromStopName, to: leg.toStopName })} · {t('fare.distance', { km: (leg.distanceMeters / 1000).toFixed(1) })}
          </p>
          <FareBreakup
            lines={leg.passengerDetails.map((g) => ({ name: g.name, value: g.payableAmount }))}
            payable={leg.payableAmount}
            caption={t('multi.legFare', { n: i + 1, route: leg.routeName })}
          />
        </div>
      ))}
      <h3>{t('multi.total', { count: fare.legs.length })}</h3>
      <FareBreakup
        lines={fare.total.passengerDetails.map((g) => ({ name: g.name, value: g.payableAmount }))}
        payable={fare.payableAmount}
        caption={t('multi.total', { count: fare.legs.length })}
      />
    </div>
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

type Profile = Awaited<ReturnType<typeof ticketsApi.profile>>;

function Details({ city }: { city: CityConfig }) {
  const t = useT();
  const navigate = useNavigate();
  const [flow, setFlow] = useFlow();
  const ok = useFlowGuard(city.id, 'quote');
  const profile = useAsync<Profile | null>(
    ok ? () => ticketsApi.profile().catch((e: unknown) => (asApiError(e).code === 'USER_DOES_NOT_EXIST' ? null : Promise.reject(e))) : null,
    'profile',
  );
  if (!ok) return null;
  if (profile.status === 'loading') return <ListSkeleton rows={2} />;
  if (profile.status === 'error') return <LoadError error={profile.error} onRetry={profile.retry} />;
  const p = profile.data;
  const name = [p?.firstName, p?.lastName].filter(Boolean).join(' ');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setFlow((f) => ({ ...f, detailsConfirmed: true }));
    navigate(paths.pay);
  };
  return (
    <form onSubmit={submit}>
      <p>{t('details.intro')}</p>
      <dl className={styles.facts}>
        <dt>{t('details.name')}</dt>
        <dd>{name || t('details.noName')}</dd>
        <dt>{t('details.mobile')}</dt>
        <dd>{p?.mobileNumber ? `+91 ${p.mobileNumber}` : '—'}</dd>
        {p?.mailId && (
          <>
            <dt>{t('details.email')}</dt>
            <dd>{p.mailId}</dd>
          </>
        )}
      </dl>
      <p>
        <a href="/app/profile/edit-profile">{t('details.edit')}</a>
      </p>
      <p className={styles.muted}>{t('details.passengers', { count: totalPassengers(flow.passengers) })}</p>
      <Button type="submit">{t('details.confirm')}</Button>
    </form>
  );
}

/** /pay-for-ticket/user-details. */
export function UserDetailsScreen() {
  const t = useT();
  return (
    <Page heading={t('details.heading')} back={{ to: paths.selectTicket, label: t('selectTicket.heading') }}>
      <Steps current="details" />
      <RequireSignIn>
        <CityGate>{(city) => <Details city={city} />}</CityGate>
      </RequireSignIn>
    </Page>
  );
}

function Review({ city }: { city: CityConfig }) {
  const t = useT();
  const navigate = useNavigate();
  const [flow, setFlow] = useFlow();
  const ok = useFlowGuard(city.id, 'details');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiRequestError | null>(null);
  const fare = useAsync(ok ? () => fetchQuote(city.id, flow) : null, quoteKey(flow));
  // One order key per ride: a retry after a lost answer gets the same order back, not a second one.
  const orderKey = useKeyFor(quoteKey(flow));
  if (!ok) return null;
  if (fare.status === 'loading') return <ListSkeleton rows={2} />;
  if (fare.status === 'error') return <ProblemPanel error={fare.error} onRetry={fare.retry} />;
  const changed = fare.data.payableAmount !== flow.quote!.farePaise;
  const pay = async () => {
    setBusy(true);
    setError(null);
    try {
      // validate-fare first: the fare the rider saw is the fare charged (409 FARE_CHANGED otherwise).
      // A multi-route order is checked by the server itself (409 FARE_CHANGED when the total differs).
      let order;
      if (isMultiRoute(flow)) {
        const legs = flowLegs(flow);
        const bad = legsError(legs);
        if (bad) throw Object.assign(new Error(bad), { code: bad === 'SAME_STOP' ? 'SAME_STOP' : 'VALIDATION_FAILED' });
        order = await ticketsApi.orderMulti(city.id, legs.map(legBody), flow.passengers, flow.quote!.farePaise, orderKey);
      } else {
        await ticketsApi.validateFare(city.id, legOf(flow), flow.passengers, flow.quote!.farePaise);
        order = await ticketsApi.orderSingle(city.id, legOf(flow), flow.passengers, flow.quote!.farePaise, orderKey);
      }
      setFlow((f) => ({ ...f, lastTransactionId: order.transactionId }));
      // The checkout is the shell's screen (single-spa follows the router's pushState).
      navigate(checkoutPath(fare.data!.agency, 'ticket', order.transactionId));
    } catch (err) {
      setError(asApiError(err));
      setBusy(false);
    }
  };
  return (
    <>
      <Trip flow={flow} fare={fare.data} />
      <FareLines fare={fare.data} />
      {changed && (
        <div className={styles.warn} role="alert">
          <p>{t('error.fareChanged')}</p>
          <button
            type="button"
            className={styles.textButton}
            onClick={() => setFlow((f) => ({ ...f, quote: { ...f.quote!, farePaise: fare.data!.payableAmount } }))}
          >
            {t('pay.acceptFare', { fare: money(fare.data.payableAmount) })}
          </button>
        </div>
      )}
      <ProblemPanel error={error} />
      <p className={styles.actions}>
        <Button onClick={() => void pay()} disabled={busy || changed} aria-busy={busy}>
          {busy ? t('pay.busy') : t('pay.button', { fare: money(flow.quote!.farePaise) })}
        </Button>
        <Link to={paths.selectTicket}>{t('pay.change')}</Link>
      </p>
    </>
  );
}

/** /pay-for-ticket. */
export function PayForTicketScreen() {
  const t = useT();
  return (
    <Page heading={t('pay.heading')} back={{ to: paths.userDetails, label: t('details.heading') }}>
      <Steps current="pay" />
      <RequireSignIn>
        <CityGate>{(city) => <Review city={city} />}</CityGate>
      </RequireSignIn>
    </Page>
  );
}

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
  const max = Math.min(MAX_PASSENGERS, fares.data.maxPassengers);
  if (!list.length) return <p className={styles.empty}>{t('instant.none')}</p>;
  const chosen = list.find((f) => f.id === flow.instant?.fareId) ?? null;
  const count = flow.instant?.count ?? 1;
  const total = chosen ? chosen.farePaise * count : 0;
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

/** How long an instant ticket is valid from its payment (shared/domain ticketValidity: the 15-minute activation window). */
const INSTANT_VALID_MINUTES = (ticketValidity('instant', 0).expiryTime - ticketValidity('instant', 0).startTime) / 60_000;

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

/** A fresh order key whenever `what` (the ride being ordered) changes; the same key while it stays. */
function useKeyFor(what: string): string {
  const ref = useRef<{ what: string; key: string } | null>(null);
  if (!ref.current || ref.current.what !== what) ref.current = { what, key: newOrderKey() };
  return ref.current.key;
}
