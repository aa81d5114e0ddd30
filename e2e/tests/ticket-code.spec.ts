import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import ts from 'typescript';
import { buildTicketCode, exportDevicePublicKey, generateSigningKeyPair, keyIdOf, signDynamicPart, signToken, verifyTicketCode } from '@sawari/domain';
import { repoRoot } from '../support/server';

/**
 * The verifier library (shared/domain/src/ticket-code.ts) in Chromium: the same source the app bundles, loaded as an
 * ES module on a page of its own (no app, no CSP), and codes made on each side verify on the other.
 */
const moduleJs = () =>
  ts.transpileModule(readFileSync(path.join(repoRoot, 'shared/domain/src/ticket-code.ts'), 'utf8'), {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  }).outputText;

test('ticket codes made in Chromium verify in Node and the other way round; stale and other-device codes fail in Chromium', async ({ page, baseURL }) => {
  const js = moduleJs();
  // A path of the test server's origin (127.0.0.1 is a secure context, so crypto.subtle exists), answered here.
  const ORIGIN = `${baseURL}/__ticket-code-test`;
  await page.route(`${ORIGIN}/**`, (route) =>
    route.request().url().endsWith('/ticket-code.js')
      ? route.fulfill({ contentType: 'text/javascript', body: js })
      : route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>ticket code</title>' }),
  );
  await page.goto(`${ORIGIN}/`);

  // Node signs a token (as the server does); Chromium makes the device key and the dynamic part, and verifies.
  const server = await generateSigningKeyPair(true);
  const jwk = await crypto.subtle.exportKey('jwk', server.publicKey);
  const kid = await keyIdOf(jwk);
  const now = Date.now();
  const fromBrowser = await page.evaluate(
    async ({ jwk, kid, now }) => {
      const m = await import('/__ticket-code-test/ticket-code.js' as string);
      const device = await m.generateSigningKeyPair(false);
      return { dk: await m.exportDevicePublicKey(device.publicKey), extractable: device.privateKey.extractable, kid, jwk, now, keyId: await m.keyIdOf(jwk) };
    },
    { jwk, kid, now },
  );
  expect(fromBrowser.keyId).toBe(kid);
  expect(fromBrowser.extractable).toBe(false);

  const claims = {
    v: 1 as const,
    kid,
    tid: 'u1-mumbai-MBUS-adult',
    kind: 'pass' as const,
    pt: 'pass',
    city: 'mumbai',
    agency: 'MBUS',
    uid: 'u1',
    nb: now - 60_000,
    exp: now + 86_400_000,
    trips: -1,
    sc: '0123456789ab',
    dk: '',
  };
  // Chromium: own device key, Node's token, its own code; checks good, stale and a thief's code.
  const inBrowser = await page.evaluate(
    async ({ jwk, kid, now, claimsBase, serverPkcs8 }) => {
      const m = await import('/__ticket-code-test/ticket-code.js' as string);
      const P256 = { name: 'ECDSA', namedCurve: 'P-256' };
      const serverKey = await crypto.subtle.importKey(
        'pkcs8',
        Uint8Array.from(atob(serverPkcs8), (c) => c.charCodeAt(0)),
        P256,
        false,
        ['sign'],
      );
      const device = await m.generateSigningKeyPair(false);
      const claims = { ...claimsBase, dk: await m.exportDevicePublicKey(device.publicKey) };
      const token = await m.signToken(serverKey, claims);
      const { slot, signature } = await m.signDynamicPart(device.privateKey, claims.tid, now);
      const code = m.buildTicketCode(token, slot, signature);
      const keys = [{ kid, jwk }];
      const thief = await m.generateSigningKeyPair(false);
      const t = await m.signDynamicPart(thief.privateKey, claims.tid, now);
      return {
        code,
        good: await m.verifyTicketCode(code, { keys, now }),
        stale: await m.verifyTicketCode(code, { keys, now: slot * 10_000 + 40_000 }),
        thief: await m.verifyTicketCode(m.buildTicketCode(token, t.slot, t.signature), { keys, now }),
      };
    },
    { jwk, kid, now, claimsBase: claims, serverPkcs8: Buffer.from(await crypto.subtle.exportKey('pkcs8', server.privateKey)).toString('base64') },
  );
  expect(inBrowser.good).toMatchObject({ ok: true, claims: { tid: claims.tid } });
  expect(inBrowser.stale).toEqual({ ok: false, reason: 'STALE_CODE' });
  expect(inBrowser.thief).toEqual({ ok: false, reason: 'BAD_DEVICE_SIGNATURE' });
  // the Chromium-made code verifies in Node with only the public JWK
  expect(await verifyTicketCode(inBrowser.code, { keys: [{ kid, jwk }], now })).toMatchObject({ ok: true });

  // Node makes a whole code; Chromium verifies it with only the public JWK.
  const device = await generateSigningKeyPair(false);
  const token = await signToken(server.privateKey, { ...claims, dk: await exportDevicePublicKey(device.publicKey) });
  const d = await signDynamicPart(device.privateKey, claims.tid, now);
  const nodeCode = buildTicketCode(token, d.slot, d.signature);
  const verdict = await page.evaluate(
    async ({ code, jwk, kid, now }) => {
      const m = await import('/__ticket-code-test/ticket-code.js' as string);
      return m.verifyTicketCode(code, { keys: [{ kid, jwk }], now });
    },
    { code: nodeCode, jwk, kid, now },
  );
  expect(verdict).toMatchObject({ ok: true, claims: { tid: claims.tid } });
});
