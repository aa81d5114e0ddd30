import { useCallback, useState } from 'react';

export type GeoState = { status: 'idle' | 'locating' } | { status: 'located'; lat: number; lon: number } | { status: 'denied' | 'unavailable' };

/** The browser's position on request (navigator.geolocation): denied and unavailable are told apart. */
export function useGeolocation(): [GeoState, () => void] {
  const [state, setState] = useState<GeoState>({ status: 'idle' });
  const locate = useCallback(() => {
    if (typeof navigator === 'undefined' || !navigator.geolocation) {
      setState({ status: 'unavailable' });
      return;
    }
    setState({ status: 'locating' });
    navigator.geolocation.getCurrentPosition(
      (p) => setState({ status: 'located', lat: p.coords.latitude, lon: p.coords.longitude }),
      (err) => setState({ status: err.code === err.PERMISSION_DENIED ? 'denied' : 'unavailable' }),
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 60_000 },
    );
  }, []);
  return [state, locate];
}
