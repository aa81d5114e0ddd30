import { useCallback, useEffect, useState } from 'react';
import { nearestCity, type CityConfig } from '@sawari/runtime';

export type NearestState = { status: 'idle' | 'locating' | 'denied' | 'failed' } | { status: 'found'; city: CityConfig; km: number };

/**
 * The city nearest to the rider, from navigator.geolocation. Asks the browser only when the rider presses the button,
 * except when location is already allowed: then it looks at once.
 */
export function useNearestCity(cities: readonly CityConfig[]) {
  const [state, setState] = useState<NearestState>({ status: 'idle' });
  const locate = useCallback(() => {
    if (!navigator.geolocation || cities.length === 0) return setState({ status: 'failed' });
    setState({ status: 'locating' });
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        const found = nearestCity(cities, pos.coords.latitude, pos.coords.longitude);
        setState(found ? { status: 'found', ...found } : { status: 'failed' });
      },
      (err) => setState({ status: err.code === err.PERMISSION_DENIED ? 'denied' : 'failed' }),
      { enableHighAccuracy: false, timeout: 10_000, maximumAge: 600_000 },
    );
  }, [cities]);
  useEffect(() => {
    if (cities.length === 0) return;
    let live = true;
    navigator.permissions
      ?.query({ name: 'geolocation' })
      .then((p) => live && p.state === 'granted' && locate())
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [cities, locate]);
  return { state, locate };
}
