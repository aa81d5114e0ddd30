// /pay-for-ticket: the trip and its fare asked again, validate-fare (or the server's own check of a multi-route
// order), the order (one idempotency key per ride) and the shell's checkout. A fare that changed since the rider saw
// it must be accepted before paying.
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Button } from '@sawari/ui';
import { checkoutPath, type ApiRequestError, type CityConfig } from '@sawari/runtime';
import { ticketsApi } from '../common/api';
import { useFlow } from '../common/flow';
import { flowLegs, isMultiRoute, legsError, quoteKey } from '../common/model';
import { CityGate, ListSkeleton, Page, ProblemPanel, RequireSignIn, Steps, asApiError, money, paths, styles, useAsync, useT } from '../common/ui';
import { FareLines } from './FareLines';
import { useFlowGuard, useKeyFor } from './hooks';
import { fetchQuote, legBody, legOf } from './quote';
import { Trip } from './Trip';

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
