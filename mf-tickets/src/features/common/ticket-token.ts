// The ticket token for this device (docs/validation.md "Ticket code"): POST /api/validation/tokens with the device's
// public key, kept encrypted in cachedPassData so the QR and the sound work offline. The QR text and the sound payload
// themselves come from mf-tickets/src/lib (ticket-code.ts), which signs each 10 s slot with the device key.
import { api } from '@sawari/runtime';
import type { TokenResponse } from '@sawari/contracts';
import { currentTicketCode, TicketCodeError, type CurrentTicketCode } from '../../lib/ticket-code';
import { getDeviceKey } from '../../lib/keys';
import { getCachedPassData, putCachedPassData } from '../../lib/wallet-db';

type Cached = { token?: { token: string; devicePublicKey: string; fetchedAt: number } };

const inFlight = new Map<string, Promise<string>>();

function fetchToken(userId: string, transactionId: string, saved: Cached | null): Promise<string> {
  let p = inFlight.get(transactionId);
  if (!p) {
    p = getDeviceKey()
      .then((device) =>
        api.post<TokenResponse>('/validation/tokens', { transactionId, devicePublicKey: device.publicKeyRaw }).then(async (res) => {
          await putCachedPassData<Cached>(userId, transactionId, {
            ...(saved ?? {}),
            token: { token: res.token, devicePublicKey: device.publicKeyRaw, fetchedAt: Date.now() },
          });
          return res.token;
        }),
      )
      .finally(() => inFlight.delete(transactionId));
    inFlight.set(transactionId, p);
  }
  return p;
}

/** The saved token when it was issued to this device's key, else a new one from the server (needs the network once). */
export async function ticketToken(userId: string, transactionId: string, fresh = false): Promise<string> {
  const [device, saved] = await Promise.all([getDeviceKey(), getCachedPassData<Cached>(transactionId, userId).catch(() => null)]);
  if (!fresh && saved?.token && saved.token.devicePublicKey === device.publicKeyRaw) return saved.token.token;
  return fetchToken(userId, transactionId, saved);
}

/**
 * The QR text for the slot of `now` from the token kept on this device only (null when none is kept for this device
 * key): never asks the server, so a screen may call it before it knows whether the item can be shown.
 */
export async function keptTicketCode(userId: string, transactionId: string, now: number): Promise<CurrentTicketCode | null> {
  const [device, saved] = await Promise.all([getDeviceKey(), getCachedPassData<Cached>(transactionId, userId).catch(() => null)]);
  if (!saved?.token || saved.token.devicePublicKey !== device.publicKeyRaw) return null;
  return currentTicketCode(saved.token.token, now).catch(() => null);
}

/** The QR text for the slot of `now`; a token bound to another device key (site data cleared) is replaced once. */
export async function ticketCodeAt(userId: string, transactionId: string, now: number): Promise<CurrentTicketCode> {
  try {
    return await currentTicketCode(await ticketToken(userId, transactionId), now);
  } catch (err) {
    if (!(err instanceof TicketCodeError)) throw err;
    return currentTicketCode(await ticketToken(userId, transactionId, true), now);
  }
}
