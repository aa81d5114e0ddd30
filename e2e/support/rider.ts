import { expect, type APIRequestContext, type Page } from '@playwright/test';
import zlib from 'node:zlib';

// Riders for the e2e specs: phone numbers, the code from the development SMS outbox, sign-in in the UI or through the
// API, and the API headers of a page's stored session. Each spec passes its own first digit to newPhone, so specs that
// run at the same time never share a number (and the hourly OTP limits never meet).

export const rand = (n: number) => Math.floor(Math.random() * n);

/** `first` + 9 random digits, not ending 0000. */
export function newPhone(first = '9'): string {
  for (;;) {
    const p = first + String(rand(1e9)).padStart(9, '0');
    if (!p.endsWith('0000')) return p;
  }
}

/** A client address of its own (the server limits OTPs per address). */
export const newIp = () => `10.${rand(255)}.${rand(255)}.${1 + rand(250)}`;

/** The newest sign-in code the development SMS outbox holds for `phone` (sent at or after `since`). */
export async function codeFor(request: APIRequestContext, phone: string, since = 0): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const { messages } = (await (await request.get(`/api/dev/sms-outbox?phoneNumber=${phone}`)).json()) as { messages: { body: string; sentAt: number }[] };
        // sign-in messages only (each language's text starts with the code): a notice may be the newest message
        const latest = messages.filter((m) => m.sentAt >= since && /^\d{6} /.test(m.body)).sort((a, b) => b.sentAt - a.sentAt)[0];
        code = /^(\d{6}) /.exec(latest?.body ?? '')?.[1];
        return code ?? null;
      },
      { intervals: [50, 100, 200] },
    )
    .not.toBeNull();
  return code!;
}

/**
 * From the login screen: number, then the code from the outbox (typing the 6th digit sends it). `now` is the server's
 * clock (the outbox's times are its): a spec on the fixed clock passes its `serverNow` (support/clock.ts).
 */
export async function signIn(page: Page, request: APIRequestContext, phone: string, now: () => number = Date.now): Promise<void> {
  await page.getByLabel('Mobile number').fill(phone);
  const since = now() - 5_000;
  await page.getByRole('button', { name: 'Get code' }).click();
  await expect(page).toHaveURL(/\/app\/login\/login-otp(\/|$)/);
  await page.getByLabel('6-digit code').fill(await codeFor(request, phone, since));
}

/**
 * A new rider signed up in the app: a client address of its own, the city chosen before the app starts, sign-in with
 * a new number (first digit `first`), then the profile's name. Ends on /app/profile.
 */
export async function signUpInApp(
  page: Page,
  request: APIRequestContext,
  {
    city = 'mumbai',
    first = '6',
    firstName,
    lastName,
    now = Date.now,
  }: { city?: string; first?: string; firstName: string; lastName?: string; now?: () => number },
): Promise<void> {
  await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': newIp() });
  await page.addInitScript((c) => {
    if (!localStorage.getItem('sawari.city')) localStorage.setItem('sawari.city', c);
  }, city);
  await page.goto('/app/login');
  await signIn(page, request, newPhone(first), now);
  await expect(page).toHaveURL('/app/profile/edit-profile');
  await page.getByLabel('First name').fill(firstName);
  if (lastName) await page.getByLabel('Last name (optional)').fill(lastName);
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page).toHaveURL('/app/profile');
}

/** The API headers of a signed-in rider (as the app sends them). */
export const apiHeaders = (accessToken: string, userId: string, deviceId: string): Record<string, string> => ({
  accesstoken: accessToken,
  authtype: 'ACCESS_TOKEN',
  userid: userId,
  deviceid: deviceId,
  'x-type': 'pass',
});

export type ApiRider = {
  phone: string;
  userId: string;
  accessToken: string;
  refreshToken: string;
  deviceId: string;
  headers: Record<string, string>;
  codeSentAt: number;
};

/**
 * A rider with a profile, signed in through the API (as another device would). `from` adds request headers to the
 * OTP and login calls (a client address of its own); `now` is the server's clock (see signIn).
 */
export async function riderThroughApi(
  request: APIRequestContext,
  {
    phone = newPhone(),
    device = 'e2eapidevice',
    profile = { firstName: 'Asha', lastName: 'Rao' },
    from,
    now = Date.now,
  }: { phone?: string; device?: string; profile?: Record<string, string>; from?: Record<string, string>; now?: () => number } = {},
): Promise<ApiRider> {
  const codeSentAt = now();
  expect((await request.get(`/api/auth/otp?phoneNumber=${phone}&countryCode=%2B91`, { headers: from })).ok()).toBe(true);
  const otp = await codeFor(request, phone, codeSentAt - 5_000);
  const deviceId = device + rand(1e6);
  const login = await (await request.post('/api/auth/login', { headers: from, data: { phoneNumber: phone, countryCode: '+91', otp, deviceId } })).json();
  const headers = apiHeaders(login.accessToken, login.userId, deviceId);
  expect((await request.post('/api/profile', { headers, data: profile })).status()).toBe(201);
  return { phone, userId: login.userId, accessToken: login.accessToken, refreshToken: login.refreshToken, deviceId, headers, codeSentAt };
}

/** The API headers of the rider signed in in `page`, read from the session the app stored (IndexedDB). */
export async function riderHeaders(page: Page): Promise<Record<string, string>> {
  const s = await page.evaluate(
    () =>
      new Promise<{ accessToken: string; userId: string; deviceId: string }>((resolve, reject) => {
        const open = indexedDB.open('sawari-session');
        open.onsuccess = () => {
          const r = open.result.transaction('session').objectStore('session').get('session');
          r.onsuccess = () => resolve({ ...r.result, deviceId: localStorage.getItem('sawari.deviceId') ?? 'e2e' });
          r.onerror = () => reject(r.error);
        };
        open.onerror = () => reject(open.error);
      }),
  );
  return apiHeaders(s.accessToken, s.userId, s.deviceId);
}

/** A w×h PNG (solid orange), built here so an upload is a real image. */
export function png(w = 8, h = 8): Buffer {
  const table = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = table[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: w }, () => [0xf2, 0x67, 0x22]).flat())]);
  const idat = zlib.deflateSync(Buffer.concat(Array.from({ length: h }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
