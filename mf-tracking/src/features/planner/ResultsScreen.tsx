import { useIntl } from 'react-intl';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { ListSkeleton, Page } from '../common/Page';
import { Problem } from '../common/Problem';
import { serviceDateText } from './plan';
import { Attribution, WithCity } from '../common/city';
import { paths } from '../common/links';
import { gql, PlanTripDocument, toApiError, type TripPlan } from '../common/transit';
import { useLive } from '../common/useLive';
import { ItinerarySummary } from './Itinerary';
import { ItineraryFare } from './Fare';
import { planVariables, readPlan, saveSelectedTrip, type PlanRequest } from './plan';
import styles from '../common/tracking.module.css';
import { useEffect } from 'react';
import { keepTimetable, planWithoutNetwork, unreachable, type OfflineTripPlan } from './offline/offlinePlanner';

function Results({ city, plan, query }: { city: string; plan: PlanRequest; query: string }) {
  const intl = useIntl();
  const t = (id: string, v?: Record<string, string | number>) => intl.formatMessage({ id }, v);
  const navigate = useNavigate();
  // The API first; when it cannot be reached, the timetable kept on the phone (offline/: no live data, and said so).
  const result = useLive(
    (signal) => {
      const vars = planVariables(city, plan, Date.now());
      return gql(PlanTripDocument, vars, signal).then(
        (r): TripPlan | OfflineTripPlan => r.planTrip,
        (err) => {
          if (!unreachable(toApiError(err)) || signal.aborted) throw err;
          return planWithoutNetwork(city, vars).catch(() => {
            throw err;
          });
        },
      );
    },
    `${city}|${query}`,
    { poll: false },
  );
  useEffect(() => void keepTimetable(city).catch(() => undefined), [city]);
  if (result.loading) return <ListSkeleton rows={3} />;
  if (!result.data) return <Problem error={result.error} onRetry={result.retry} />;
  const its = result.data.itineraries;
  const reason = result.data.reason;
  const place = (p: PlanRequest['from']) => p.name;
  const why = reason
    ? t(`trip.why.${reason}`, {
        date: serviceDateText(result.data.serviceDate, intl.locale),
        n: result.data.maxTransfers,
        m: result.data.maxWalkMeters,
        place: reason === 'OUTSIDE_CITY' || reason === 'TOO_FAR_TO_WALK' ? (plan.from.kind === 'geo' ? place(plan.from) : place(plan.to)) : '',
      })
    : t('trip.none');
  const offline = 'offline' in result.data ? result.data.offline : null;
  return (
    <>
      {offline && (
        <div className={styles.notice} data-testid="offline-plan">
          <strong>{t('trip.offline')}</strong>
          <p>
            {t('trip.offlineDetail', {
              // Indian order and clock ("27 Nov, 11:47 pm"), as plan.ts serviceDateText writes a day.
              date: new Intl.DateTimeFormat(intl.locale.slice(0, 2) === 'en' ? 'en-IN' : `${intl.locale.slice(0, 2)}-IN`, {
                day: 'numeric',
                month: 'short',
                hour: 'numeric',
                minute: '2-digit',
                timeZone: 'Asia/Kolkata',
                numberingSystem: 'latn',
              }).format(offline.savedAt),
            })}
          </p>
        </div>
      )}
      <p role="status">{t('trip.count', { n: its.length })}</p>
      {its.length === 0 ? (
        <p className={styles.empty}>{why}</p>
      ) : (
        <ol className={styles.cards} aria-label={t('trip.listLabel')}>
          {its.map((it, i) => (
            <li key={i}>
              <a
                className={styles.card}
                href={`/app${paths.tripDetails}`}
                onClick={(e) => {
                  e.preventDefault();
                  saveSelectedTrip({ itinerary: it, from: plan.from.name, to: plan.to.name });
                  navigate(paths.tripDetails);
                }}
              >
                <ItinerarySummary it={it} />
                <ItineraryFare city={city} it={it} />
              </a>
            </li>
          ))}
        </ol>
      )}
      <Attribution city={city} />
    </>
  );
}

/** /trip-planner/results?from=&to=&mode=…: itineraries for the request, soonest first. */
export default function PlannerResultsScreen() {
  const intl = useIntl();
  const [params] = useSearchParams();
  const plan = readPlan(params);
  return (
    <Page
      heading={intl.formatMessage({ id: 'trip.resultsHeading' })}
      intro={plan ? `${plan.from.name} → ${plan.to.name}` : undefined}
      back={{ to: `${paths.planner}?${params.toString()}`, label: intl.formatMessage({ id: 'planner.heading' }) }}
    >
      {plan ? (
        <WithCity>{(city) => <Results city={city} plan={plan} query={params.toString()} />}</WithCity>
      ) : (
        <p className={styles.empty}>
          {intl.formatMessage({ id: 'trip.badRequest' })} <Link to={paths.planner}>{intl.formatMessage({ id: 'planner.heading' })}</Link>
        </p>
      )}
    </Page>
  );
}
