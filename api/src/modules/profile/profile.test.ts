import { dbLabel } from '../../testing/test-db';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { expectError, signIn, TestClock, type Session } from '../../testing/accounts';

const PNG_HEAD = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const png = (size: number) => Buffer.concat([PNG_HEAD, Buffer.alloc(size - PNG_HEAD.length, 7)]);

function multipart(file: Buffer, filename: string, contentType: string, field = 'file') {
  const boundary = '----sawari-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${field}"; filename="${filename}"\r\ncontent-type: ${contentType}\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe(`profile and profile photo ${dbLabel()}`, () => {
  const clock = new TestClock();
  let s: TestServer;
  let a: Session;
  let phone = 9876530000;
  const newUser = async () => {
    phone += 1;
    return signIn(s.app, s.db, String(phone));
  };
  const profile = (method: 'GET' | 'POST' | 'PUT', session: Session, payload?: object) =>
    s.app.inject({ method, url: '/api/profile', headers: session.headers, payload });
  const upload = (session: Session, file: Buffer, filename = 'me.png', contentType = 'image/png', field = 'file') => {
    const m = multipart(file, filename, contentType, field);
    return s.app.inject({ method: 'POST', url: '/api/files/profile-image', headers: { ...session.headers, ...m.headers }, payload: m.payload });
  };
  const valid = { firstName: 'Asha', lastName: 'Menon', mailId: 'asha@example.com', gender: 'female', dobInMillis: Date.UTC(1994, 4, 17) };

  beforeAll(async () => {
    s = await startTestServer({ seed: false, now: clock.now });
    a = await newUser();
  }, 120_000); // a test server's start-up: seconds alone, longer on a loaded machine (as every start-up hook here)
  afterAll(() => s?.cleanup());

  it('404 USER_DOES_NOT_EXIST before a profile exists, then create (201), 409 PROFILE_EXISTS on a second create', async () => {
    expectError(await profile('GET', a), 404, 'USER_DOES_NOT_EXIST');
    const created = await profile('POST', a, { ...valid, firstName: '  Asha  ' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ userId: a.userId, ...valid, mobileNumber: String(phone), profilePhoto: null });
    expect((await profile('GET', a)).json()).toEqual(created.json());
    expectError(await profile('POST', a, valid), 409, 'PROFILE_EXISTS');
    // A new sign-in now says the user is not new.
    clock.advance(31_000);
    expect((await signIn(s.app, s.db, String(phone))).isNewUser).toBe(false);
  });

  it('updates with PUT: left-out fields keep their value, null clears; 404 without a profile', async () => {
    const r = await profile('PUT', a, { firstName: 'Asha Rani', lastName: '', gender: null });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ firstName: 'Asha Rani', lastName: '', gender: null, mailId: 'asha@example.com', dobInMillis: valid.dobInMillis });
    const b = await newUser();
    expectError(await profile('PUT', b, valid), 404, 'USER_DOES_NOT_EXIST');
  });

  it.each([
    ['firstName', { firstName: 'R2D2' }, /firstName.*letters and spaces/],
    ['firstName', { firstName: '' }, /firstName/],
    ['lastName', { lastName: 'Menon-3' }, /lastName.*letters and spaces/],
    ['mailId', { mailId: 'asha at example' }, /mailId.*email/],
    ['gender', { gender: 'robot' }, /gender/],
    ['dobInMillis', { dobInMillis: 12.5 }, /dobInMillis/],
    ['dobInMillis', { dobInMillis: Date.UTC(2099, 0) }, /dobInMillis.*future/],
    ['dobInMillis', { dobInMillis: '1994-05-17' }, /dobInMillis/],
  ])('400 VALIDATION_FAILED for a bad %s', async (_field, bad, message) => {
    expectError(await profile('PUT', a, { ...valid, ...bad }), 400, 'VALIDATION_FAILED', message);
  });

  it('400 for a missing body or a body that is not JSON', async () => {
    expectError(await profile('PUT', a), 400, 'VALIDATION_FAILED');
    expectError(
      await s.app.inject({ method: 'PUT', url: '/api/profile', headers: { ...a.headers, 'content-type': 'application/json' }, payload: '{"firstName":' }),
      400,
      'MALFORMED_JSON',
    );
  });

  it('uploads a PNG, shows it in the profile as a signed link that serves the image', async () => {
    const image = png(2048);
    const r = await upload(a, image);
    expect(r.statusCode).toBe(200);
    const { profilePhoto } = r.json() as { profilePhoto: string };
    expect(profilePhoto).toMatch(/^\/api\/files\/[0-9a-f-]{36}\?exp=\d+&sig=[\w-]+$/);
    expect((await profile('GET', a)).json().profilePhoto).toBe(profilePhoto);
    const img = await s.app.inject({ url: profilePhoto }); // no headers: an <img> can load it
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.headers['cache-control']).toBe('private, max-age=3600');
    expect(img.rawPayload.equals(image)).toBe(true);
  });

  it('accepts JPEG and WebP by their content, whatever the name says', async () => {
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(100)]);
    const webp = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 '), Buffer.alloc(100)]);
    for (const [file, type] of [
      [jpeg, 'image/jpeg'],
      [webp, 'image/webp'],
    ] as const) {
      const r = await upload(a, file, 'photo.bin', 'application/octet-stream');
      expect(r.statusCode).toBe(200);
      expect((await s.app.inject({ url: r.json().profilePhoto })).headers['content-type']).toBe(type);
    }
  });

  it('415 UNSUPPORTED_FILE_TYPE for a text file named .png', async () => {
    expectError(await upload(a, Buffer.from('this is not a picture at all'), 'me.png', 'image/png'), 415, 'UNSUPPORTED_FILE_TYPE', /JPEG, PNG or WebP/);
  });

  it('accepts exactly 5,000,000 bytes and refuses 5,000,001 with 413 FILE_TOO_LARGE', async () => {
    expect((await upload(a, png(5_000_000))).statusCode).toBe(200);
    expectError(await upload(a, png(5_000_001)), 413, 'FILE_TOO_LARGE', /5 MB/);
    expectError(await upload(a, png(6_000_000)), 413, 'FILE_TOO_LARGE');
  });

  it('refuses uploads without sign-in, without multipart, or without the file field', async () => {
    const m = multipart(png(100), 'me.png', 'image/png');
    expectError(await s.app.inject({ method: 'POST', url: '/api/files/profile-image', headers: m.headers, payload: m.payload }), 401, 'UNAUTHENTICATED');
    expectError(
      await s.app.inject({ method: 'POST', url: '/api/files/profile-image', headers: a.headers, payload: { file: 'x' } }),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
    expectError(await upload(a, png(100), 'me.png', 'image/png', 'photo'), 400, 'FILE_MISSING');
  });

  it('403 for a tampered or expired link', async () => {
    const { profilePhoto } = (await upload(a, png(300))).json() as { profilePhoto: string };
    const url = new URL(profilePhoto, 'http://x');
    const sig = url.searchParams.get('sig') as string;
    const tamperedSig = `${url.pathname}?exp=${url.searchParams.get('exp')}&sig=${sig.startsWith('A') ? 'B' : 'A'}${sig.slice(1)}`;
    expectError(await s.app.inject({ url: tamperedSig }), 403, 'FILE_LINK_INVALID');
    const longerExp = `${url.pathname}?exp=${Number(url.searchParams.get('exp')) + 3_600_000}&sig=${sig}`;
    expectError(await s.app.inject({ url: longerExp }), 403, 'FILE_LINK_INVALID');
    expectError(await s.app.inject({ url: `${url.pathname}?exp=1` }), 400, 'VALIDATION_FAILED', /sig/);
    clock.advance(2 * 3_600_000);
    expectError(await s.app.inject({ url: profilePhoto }), 403, 'FILE_LINK_EXPIRED');
  });
});
