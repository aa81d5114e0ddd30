import { useAtomValue } from 'jotai';
import { cityAtom, useCityConfig } from '@sawari/runtime';
import { airportCity, type AirportCity } from './model';

/** Which city: the route's, else the rider's; airport trips only where the city has the airport feature (model airportCity). */
export function useAirportCity(param: string | undefined): AirportCity {
  const chosen = useAtomValue(cityAtom);
  const { city, status } = useCityConfig();
  return airportCity(param, chosen, city, status);
}
