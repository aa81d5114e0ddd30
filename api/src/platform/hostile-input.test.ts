import net from 'node:net';
import { dbLabel } from '../testing/test-db';
import { startTestServer, type TestServer } from '../testing/test-server';
import { expectError, signIn, type Session } from '../testing/accounts';
import { findNul } from './errors';

// Hostile input answers 4xx {code, message}, never 500 and never a bare framework body.
describe(`hostile input ${dbLabel()}`, () => {
  let s: TestServer;
  let rider: Session;
  beforeAll(async () => {
    s = await startTestServer();
    rider = await signIn(s.app, s.db, '9876512377');
  }, 60_000);
  afterAll(() => s?.cleanup());

  it('finds NUL characters in strings and keys at any depth', () => {
    expect(findNul({ a: [{ b: 'x\u0000' }] })).toBe('a.0.b');
    expect(findNul({ ['k\u0000']: 1 })).toBe('k\u0000');
    expect(findNul({ a: ['fine', { b: 'ok' }] })).toBeNull();
    expect(findNul('\u0000')).toBe('(value)');
  });

  it('a NUL character in a body, query or path is 400 NUL_CHARACTER before it reaches the database', async () => {
    expectError(
      await s.app.inject({ method: 'PUT', url: '/api/sos', headers: rider.headers, payload: { contacts: [], message: 'help\u0000me' } }),
      400,
      'NUL_CHARACTER',
      /message/,
    );
    expectError(await s.app.inject({ url: '/api/favourites?q=a%00b', headers: rider.headers }), 400, 'NUL_CHARACTER', /query string/);
    expectError(await s.app.inject({ method: 'DELETE', url: '/api/favourites/a%00b', headers: rider.headers }), 400, 'NUL_CHARACTER', /path/);
    expectError(await s.app.inject({ url: '/api/offers/trial?city=%00', headers: rider.headers }), 400, 'NUL_CHARACTER');
  });

  it('multipart without a boundary, truncated or malformed is 400 BAD_UPLOAD', async () => {
    const upload = (contentType: string, body: string) =>
      s.app.inject({ method: 'POST', url: '/api/files/profile-image', headers: { ...rider.headers, 'content-type': contentType }, payload: body });
    expectError(await upload('multipart/form-data', 'abc'), 400, 'BAD_UPLOAD');
    expectError(
      await upload(
        'multipart/form-data; boundary=zz',
        '--zz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG',
      ),
      400,
      'BAD_UPLOAD',
    );
    // A part header that never ends: busboy sees no file part at all.
    expectError(await upload('multipart/form-data; boundary=zz', '--zz\r\nContent-Disposition: form-data; name="file"'), 400, 'FILE_MISSING');
  });

  it('oversized headers are 431 HEADERS_TOO_LARGE and a malformed request line 400 BAD_REQUEST, as {code, message} JSON', async () => {
    await s.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (s.app.server.address() as net.AddressInfo).port;
    const raw = (request: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
        let data = '';
        socket.on('data', (d) => (data += d.toString()));
        socket.on('close', () => resolve(data));
        socket.on('error', (e) => (data ? resolve(data) : reject(e)));
      });
    const big = await raw(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(big).toMatch(/^HTTP\/1\.1 431 /);
    expect(JSON.parse(big.slice(big.indexOf('\r\n\r\n') + 4))).toEqual({ code: 'HEADERS_TOO_LARGE', message: expect.any(String) });
    const bad = await raw('NOT A REQUEST\r\n\r\n');
    expect(bad).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(bad.slice(bad.indexOf('\r\n\r\n') + 4))).toEqual({ code: 'BAD_REQUEST', message: expect.any(String) });
  });

  it('a GraphQL body over its limit is a request error (400), not INTERNAL', async () => {
    const r = await s.app.inject({ method: 'POST', url: '/api/graphql', payload: { query: `{ ${'__typename '.repeat(7000)} }` } });
    expect(r.statusCode).toBe(400);
    expect(JSON.stringify(r.json())).not.toMatch(/INTERNAL/);
  });
});
