import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { dbLabel } from '../testing/test-db';
import { startTestServer, type TestServer } from '../testing/test-server';

// Written out here, not imported: a change to the policy must change this test too. form-action: our own origin and
// the payment gateway's hosted page (the checkout posts its form there), nothing else.
const documentCsp = (gateway: string) =>
  `default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data: blob:;connect-src 'self';worker-src 'self';manifest-src 'self';font-src 'self';object-src 'none';base-uri 'self';form-action 'self' ${gateway};frame-ancestors 'none'`;
const documentHeaders = (gateway: string) => ({
  'content-security-policy': documentCsp(gateway),
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'DENY',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
  'permissions-policy': 'geolocation=(self)',
});
const API = { 'content-security-policy': "default-src 'none';frame-ancestors 'none'", 'x-content-type-options': 'nosniff', 'cache-control': 'no-store' };
const securityHeaders = (headers: Record<string, unknown>) =>
  Object.fromEntries(
    Object.keys(documentHeaders(''))
      .filter((k) => k in headers)
      .map((k) => [k, headers[k]]),
  );

/** The policy as a browser reads it: directives split on ";" with any spacing, so the policy of the hand-written
 *  headers before helmet (which put a space after each ";") compares equal. */
const directives = (csp: string) =>
  csp
    .split(';')
    .map((d) => d.trim().split(/\s+/).join(' '))
    .filter(Boolean);

describe(`security headers computed once by helmet ${dbLabel()}`, () => {
  let s: TestServer;
  let root: string;
  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'sawari-headers-'));
    fs.mkdirSync(path.join(root, 'shell/dist'), { recursive: true });
    fs.writeFileSync(path.join(root, 'shell/dist/index.html'), '<!doctype html><title>Sawari</title>');
    fs.writeFileSync(path.join(root, 'shell/dist/main.0123abcd.js'), 'console.log(1)');
    fs.writeFileSync(path.join(root, 'shell/dist/remotes.json'), '{"remotes":[]}');
    s = await startTestServer({ seed: false, config: { webRoot: root } });
  }, 120_000);
  afterAll(async () => {
    await s?.cleanup();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('an HTML page carries exactly the strict CSP of before and helmet’s document headers', async () => {
    const r = await s.app.inject({ url: '/app/some/route' });
    expect(r.headers['content-type']).toMatch(/^text\/html/);
    expect(securityHeaders(r.headers)).toEqual(documentHeaders(s.gateway.url));
    expect(directives(r.headers['content-security-policy'] as string)).toEqual(
      directives(
        `default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; connect-src 'self'; worker-src 'self'; manifest-src 'self'; font-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self' ${s.gateway.url}; frame-ancestors 'none'`,
      ),
    );
  });

  it('a static asset carries the same document headers, with its own cache policy', async () => {
    const r = await s.app.inject({ url: '/app/main.0123abcd.js' });
    expect(r.statusCode).toBe(200);
    expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(securityHeaders(r.headers)).toEqual(documentHeaders(s.gateway.url));
  });

  it.each([
    ['an answer', 'GET', '/api/health', 200],
    ['a guard refusal', 'POST', '/api/auth/logout', 401],
    ['an unknown API path', 'GET', '/api/no/such/thing', 404],
  ] as const)('%s under /api carries only the short API set: deny-all CSP, nosniff, no-store', async (_name, method, url, status) => {
    const r = await s.app.inject({ method, url });
    expect(r.statusCode).toBe(status);
    expect(securityHeaders(r.headers)).toEqual({ 'content-security-policy': API['content-security-policy'], 'x-content-type-options': 'nosniff' });
    expect(r.headers['cache-control']).toBe('no-store');
  });

  it('a GraphQL answer carries the API set', async () => {
    const r = await s.app.inject({ method: 'POST', url: '/api/graphql', payload: { query: '{ __typename }' } });
    expect(r.statusCode).toBe(200);
    expect(r.headers).toMatchObject(API);
  });
});
