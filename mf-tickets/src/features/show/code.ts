// The QR text of a ticket or pass for this 10 s slot (docs/validation.md "Ticket code"): the server-signed token
// (POST /api/validation/tokens, bound to this device's public key, kept encrypted in cachedPassData so the QR works
// offline) and this slot's device signature. A small adapter over mf-tickets/src/lib (keys.ts, wallet-db.ts) and
// shared/domain ticket-code.ts.
import { api } from '@sawari/runtime';
import { buildTicketCode, parseToken, signDynamicPart } from '@sawari/domain';
import type { TokenResponse } from '@sawari/contracts';
import { getDeviceKey } from '../../lib/keys';
import { getCachedPassData, putCachedPassData } from '../../lib/wallet-db';

type CachedToken = { token: string; devicePublicKey: string; fetchedAt: number };

const inFlight = new Map<string, Promise<string>>();

/** The token for this device: the saved one when it was issued to this device's key, else a new one from the server. */
export async function ticketToken(userId: string, transactionId: string): Promise<string> {
  const device = await getDeviceKey();
  const saved = await getCachedPassData<{ token?: CachedToken }>(transactionId, userId).catch(() => null);
  if (saved?.token && saved.token.devicePublicKey === device.publicKeyRaw && parseToken(saved.token.token)) return saved.token.token;
  let p = inFlight.get(transactionId);
  if (!p) {
    p = api
      .post<TokenResponse>('/validation/tokens', { transactionId, devicePublicKey: device.publicKeyRaw })
      .then(async (res) => {
        await putCachedPassData(userId, transactionId, { ...(saved ?? {}), token: { token: res.token, devicePublicKey: device.publicKeyRaw, fetchedAt: Date.now() } });
        return res.token;
      })
      .finally(() => inFlight.delete(transactionId));
    inFlight.set(transactionId, p);
  }
  return p;
}

/** `SWT1.<token>.<slot>.<deviceSignature>` for the slot of `now`. */
export async function ticketCodeAt(userId: string, transactionId: string, now: number): Promise<string> {
  const [token, device] = await Promise.all([ticketToken(userId, transactionId), getDeviceKey()]);
  const { slot, signature } = await signDynamicPart(device.privateKey, transactionId, now);
  return buildTicketCode(token, slot, signature);
}

/** The token's sound short code (claim `sc`), for the ticket sound. */
export async function soundShortCode(userId: string, transactionId: string): Promise<string> {
  const parsed = parseToken(await ticketToken(userId, transactionId));
  if (!parsed) throw new Error('The saved ticket token cannot be read');
  return parsed.claims.sc;
}
