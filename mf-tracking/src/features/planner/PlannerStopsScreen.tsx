import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { Button } from '@sawari/ui';
import { Page } from '../common/Page';
import { useTransitCity, WithCity } from '../common/city';
import { encodePlace, type PlannerPlace } from './plan';
import { PlaceField } from './PlaceField';

/**
 * /live-tracking/trip-planner-stops/:id (cities with a stop-based planner): choose the `from` stop, then the `to`
 * stop, then back to the planner with both filled in.
 */
/** The stop-based pick of one end: stops only where the city plans stop to stop (spec §6). */
function StopsField({
  field,
  city,
  place,
  setPlace,
  label,
}: {
  field: 'from' | 'to';
  city: string;
  place: PlannerPlace | null;
  setPlace: (p: PlannerPlace | null) => void;
  label: string;
}) {
  const stopsOnly = useTransitCity(city)?.stopBasedPlanner ?? true;
  return <PlaceField key={field} label={label} city={city} value={place} onChange={setPlace} stopsOnly={stopsOnly || field === 'to'} />;
}

export default function PlannerStopsScreen() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const { id = 'from' } = useParams();
  const field = id === 'to' ? 'to' : 'from';
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [place, setPlace] = useState<PlannerPlace | null>(null);
  const next = () => {
    if (!place) return;
    const q = new URLSearchParams(params);
    q.set(field, encodePlace(place));
    q.set(`${field}Name`, place.name);
    navigate(field === 'from' ? `/live-tracking/trip-planner-stops/to?${q}` : `/live-tracking/trip-planner?${q}`);
  };
  return (
    <Page heading={t(field === 'from' ? 'plannerStops.from' : 'plannerStops.to')} back={{ to: '/live-tracking/trip-planner', label: t('planner.heading') }}>
      <WithCity>
        {(city) => (
          <>
            <StopsField key={field} field={field} city={city} place={place} setPlace={setPlace} label={t(field === 'from' ? 'planner.from' : 'planner.to')} />
            <Button onClick={next} disabled={!place}>
              {t('plannerStops.next')}
            </Button>
          </>
        )}
      </WithCity>
    </Page>
  );
}
