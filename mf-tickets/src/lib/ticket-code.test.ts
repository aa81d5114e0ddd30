import { freshIndexedDb, reload } from './test-support';
import { generateSigningKeyPair, parseSoundPayload, parseTicketCode, signToken, verifyTicketCode, type TicketClaims } from '@sawari/domain';
import { getDeviceKey } from './keys';
import { TicketCodeError, currentSoundPayload, currentTicketCode } from './ticket-code';

const NOW = 1_763_700_004_321; // mid-slot
beforeEach(() => {
  freshIndexedDb();
});

async function issue(dk: string) {
  const server = await generateSigningKeyPair(false);
  const claims: TicketClaims = {
    v: 1,
    kid: 'k1',
    tid: 'TXN-42',
    kind: 'ticket',
    pt: 'singleJourneyTicket',
    city: 'mumbai',
    agency: 'BEST',
    uid: 'u1',
    nb: NOW - 60_000,
    exp: NOW + 3_600_000,
    trips: 1,
    sc: '0a1b2c3d4e5f',
    dk,
  };
  return { token: await signToken(server.privateKey, claims), keys: [{ kid: 'k1', key: server.publicKey }] };
}

describe('currentTicketCode', () => {
  it('makes a QR text the verifier accepts now, still 30 s later, and refuses as STALE_CODE 40 s later', async () => {
    const device = await getDeviceKey();
    const { token, keys } = await issue(device.publicKeyRaw);
    const code = await currentTicketCode(token, NOW);
    expect(parseTicketCode(code.text)).toMatchObject({ token, slot: Math.floor(NOW / 10_000) });
    expect(code.nextChangeAt).toBe((Math.floor(NOW / 10_000) + 1) * 10_000);
    expect(await verifyTicketCode(code.text, { keys, now: NOW })).toMatchObject({ ok: true, slot: code.slot, claims: { tid: 'TXN-42' } });
    expect(await verifyTicketCode(code.text, { keys, now: NOW + 30_000 })).toMatchObject({ ok: true });
    expect(await verifyTicketCode(code.text, { keys, now: NOW + 40_000 })).toEqual({ ok: false, reason: 'STALE_CODE' });
    // The redrawn code 40 s later is accepted again, and the key survives a reload.
    reload();
    const later = await currentTicketCode(token, NOW + 40_000);
    expect(later.slot).toBe(code.slot + 4);
    expect(await verifyTicketCode(later.text, { keys, now: NOW + 40_000 })).toMatchObject({ ok: true });
  });

  it('refuses a token bound to another device key, and an unreadable token', async () => {
    const other = await generateSigningKeyPair(false);
    const raw = new Uint8Array(await crypto.subtle.exportKey('raw', other.publicKey));
    const { token } = await issue(Buffer.from(raw).toString('base64url'));
    await expect(currentTicketCode(token, NOW)).rejects.toMatchObject({ code: 'DEVICE_KEY_MISMATCH' });
    await expect(currentTicketCode('not-a-token', NOW)).rejects.toBeInstanceOf(TicketCodeError);
  });

  it('gives the sound payload of the same ticket and slot', async () => {
    const { token } = await issue((await getDeviceKey()).publicKeyRaw);
    expect(parseSoundPayload(currentSoundPayload(token, NOW))).toEqual({ sc: '0a1b2c3d4e5f', slot16: Math.floor(NOW / 10_000) & 0xffff });
  });
});
