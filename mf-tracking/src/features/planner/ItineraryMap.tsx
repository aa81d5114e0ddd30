import { useEffect, useMemo, useState } from 'react';
import type { TripPath } from '@sawari/contracts';
import { apiFetch } from '@sawari/runtime';
import type { Itinerary, Leg } from '../common/transit';
import MapView from '../map/MapView';
import { journeyMap } from '../map/journey';

/** A ride's path along its trip (GET /api/transit/trip-path), asked once per ride and page; null when it cannot be had. */
const paths = new Map<string, Promise<TripPath | null>>();
function ridePath(city: string, leg: Leg): Promise<TripPath | null> {
  if (leg.mode === 'WALK' || !leg.tripId || !leg.from.stop_id || !leg.to.stop_id) return Promise.resolve(null);
  const q = new URLSearchParams({ city, trip: leg.tripId, from: leg.from.stop_id, to: leg.to.stop_id }).toString();
  let p = paths.get(q);
  if (!p) {
    p = apiFetch<TripPath>(`/transit/trip-path?${q}`).catch(() => {
      paths.delete(q);
      return null;
    });
    paths.set(q, p);
  }
  return p;
}

/**
 * The chosen itinerary on a map: each ride in its route's colour along its trip (straight from stop to stop until its
 * path arrives, or when there is none), walks dashed, where to get on and off marked and named, fitted to the whole
 * journey. A picture of the steps listed after it (listId), which say everything it shows.
 */
export default function ItineraryMap({ city, itinerary, listId }: { city: string; itinerary: Itinerary; listId: string }) {
  // The itinerary as read from storage is a new object at each render of the screen: what it is, as a key.
  const key = JSON.stringify(itinerary.legs);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const legs = useMemo(() => itinerary.legs, [key]);
  const [rides, setRides] = useState<(TripPath | null)[]>([]);
  useEffect(() => {
    let live = true;
    setRides([]);
    Promise.all(legs.map((leg) => ridePath(city, leg))).then((p) => live && setRides(p));
    return () => {
      live = false;
    };
  }, [city, legs]);
  const journey = useMemo(() => journeyMap(legs, rides), [legs, rides]);
  return <MapView stops={[]} journey={journey} listId={listId} noteId="trip.mapNote" city={city} />;
}
