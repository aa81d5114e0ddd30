/**
 * The QR text the app shows for a ticket or pass (design "Ticket code"): `SWT1.<token>.<slot>.<deviceSignature>`,
 * redrawn every 10 s. The token is the server's (POST /api/validation/tokens, kept in cachedPassData for offline use);
 * the dynamic part is signed here with the device's non-extractable key, so a copied token or a screenshot stops
 * validating within 40 s. Also the sound payload for the same ticket and slot.
 */
import { SLOT_MS, buildTicketCode, parseToken, signDynamicPart, slotAt, soundPayload, type TicketClaims } from '@sawari/domain';
import { getDeviceKey } from './keys';

export type TicketCodeErrorCode = 'MALFORMED_TOKEN' | 'DEVICE_KEY_MISMATCH';

/**
 * MALFORMED_TOKEN: the stored token cannot be read. DEVICE_KEY_MISMATCH: the token is bound to another device key
 * (e.g. the site data was cleared): ask the server for a new token with {@link getDeviceKey}'s `publicKeyRaw`.
 */
export class TicketCodeError extends Error {
  constructor(
    readonly code: TicketCodeErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'TicketCodeError';
  }
}

export interface CurrentTicketCode {
  /** The QR text. */
  text: string;
  slot: number;
  /** When the QR must be redrawn (start of the next slot, epoch ms). */
  nextChangeAt: number;
  claims: TicketClaims;
}

function claimsOf(token: string): TicketClaims {
  const parsed = parseToken(token);
  if (!parsed) throw new TicketCodeError('MALFORMED_TOKEN', 'The stored ticket code cannot be read.');
  return parsed.claims;
}

/**
 * The QR text for `token` at `now` (pass the server-corrected clock, @sawari/runtime serverNow). Throws
 * {@link TicketCodeError} DEVICE_KEY_MISMATCH when the token was issued to another device key.
 */
export async function currentTicketCode(token: string, now: number): Promise<CurrentTicketCode> {
  const claims = claimsOf(token);
  const device = await getDeviceKey();
  if (claims.dk !== device.publicKeyRaw) throw new TicketCodeError('DEVICE_KEY_MISMATCH', 'This ticket code was issued to another device key.');
  const { slot, signature } = await signDynamicPart(device.privateKey, claims.tid, now);
  return { text: buildTicketCode(token, slot, signature), slot, nextChangeAt: (slot + 1) * SLOT_MS, claims };
}

/** The 10-byte sound payload (sc + slot & 0xffff + CRC) for `token` at `now`, for the sound player. */
export function currentSoundPayload(token: string, now: number): Uint8Array {
  return soundPayload(claimsOf(token).sc, slotAt(now));
}
