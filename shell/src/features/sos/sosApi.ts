import { api, readStored, serverNow, writeStored } from '@sawari/runtime';
import type { SosSettings, SupportOffices } from '@sawari/contracts';

export type SosState = SosSettings;
export type AlertAnswer = { sentTo: number; nextAllowedAt: number };

export const getSos = () => api.get<SosState | null>('/sos');
export const saveSos = (settings: SosSettings) => api.put<SosState>('/sos', settings);
/** The support offices' hours and contacts of `city` (the rider's current city: its own contacts, not the server's
 *  default, which is Mumbai's); without a city, the server's. */
export const getOffices = (city: string | null) =>
  api.get<SupportOffices>('/support/offices', { skipTokenHeaders: true, ...(city ? { params: { city } } : {}) });

/** The rider's position for the alert, or null when it is refused or takes longer than `timeoutMs`. */
export function currentPosition(timeoutMs = 8000): Promise<{ lat: number; lon: number } | null> {
  return new Promise((resolve) => {
    if (!navigator.geolocation) return resolve(null);
    navigator.geolocation.getCurrentPosition(
      (p) => resolve({ lat: p.coords.latitude, lon: p.coords.longitude }),
      () => resolve(null),
      { enableHighAccuracy: true, timeout: timeoutMs, maximumAge: 60_000 },
    );
  });
}

const NEXT_ALERT_KEY = 'sawari.sos.nextAllowedAt';

/** When this device may send the next alert (server clock), as remembered from the last one; null when free. */
export function storedNextAlert(): number | null {
  const at = Number(readStored(NEXT_ALERT_KEY));
  return at > serverNow() ? at : null;
}
export const rememberNextAlert = (at: number): void => writeStored(NEXT_ALERT_KEY, String(at));

export const sendAlert = (position: { lat: number; lon: number } | null) =>
  api.post<AlertAnswer>('/sos/alert', { lat: position?.lat ?? null, lon: position?.lon ?? null });
