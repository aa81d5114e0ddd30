import { sosSettingsSchema, supportOfficesResponseSchema } from '@sawari/contracts';
import { SmsSendError, type SmsMessage, type SmsProvider } from '../sms/provider';
import { dbLabel } from '../../testing/test-db';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { authHeaders, expectError, requestOtp, TestClock, type Session } from '../../testing/accounts';
import { SOS_CAP_WINDOW_MS, SOS_COOLDOWN_MS, SOS_DAILY_CAP } from '@sawari/domain';
import { DEFAULT_SOS_MESSAGE } from './service';

/** Records every message; numbers in `failing` are refused like a gateway would. */
class RecordingSms implements SmsProvider {
  sent: SmsMessage[] = [];
  failing = new Set<string>();
  async send(m: SmsMessage): Promise<void> {
    if (this.failing.has(m.to)) throw new SmsSendError('refused');
    this.sent.push(m);
  }
}

describe(`SOS and support offices ${dbLabel()}`, () => {
  const clock = new TestClock(Date.parse('2025-08-14T12:00:00+05:30')); // a Thursday, noon in India
  const sms = new RecordingSms();
  let s: TestServer;
  let a: Session;
  beforeAll(async () => {
    s = await startTestServer({ seed: false, now: clock.now, sms });
    // This provider keeps no outbox: read the code from what it recorded.
    await requestOtp(s.app, '9876540001');
    const otp = /\b(\d{6})\b/.exec(sms.sent[0].body)![1];
    const r = (
      await s.app.inject({ method: 'POST', url: '/api/auth/login', payload: { phoneNumber: '9876540001', countryCode: '+91', otp, deviceId: 'sos-device-1' } })
    ).json();
    a = { ...r, deviceId: 'sos-device-1', headers: authHeaders(r.userId, 'sos-device-1', r.accessToken) };
  }, 120_000);
  afterAll(() => s?.cleanup());
  beforeEach(() => (sms.sent = []));

  const put = (body: object) => s.app.inject({ method: 'PUT', url: '/api/sos', headers: a.headers, payload: body });
  const alert = (body: object = { lat: 19.0896, lon: 72.8656 }) => s.app.inject({ method: 'POST', url: '/api/sos/alert', headers: a.headers, payload: body });

  it('answers the default message and no contacts before anything is saved; 409 SOS_NO_CONTACTS on alert', async () => {
    const r = await s.app.inject({ url: '/api/sos', headers: a.headers });
    expect(r.json()).toEqual({ contacts: [], message: DEFAULT_SOS_MESSAGE });
    expectError(await alert(), 409, 'SOS_NO_CONTACTS');
  });

  it('saves up to 5 contacts and a message; refuses a sixth and bad fields', async () => {
    const contacts = [1, 2, 3, 4, 5].map((i) => ({ name: `Contact ${'ABCDE'[i - 1]}`, phoneNumber: `987655000${i}` }));
    const r = await put({ contacts, message: '  Help me please  ' });
    expect(r.statusCode).toBe(200);
    expect(sosSettingsSchema.parse(r.json())).toEqual({ contacts, message: 'Help me please' });
    expect((await s.app.inject({ url: '/api/sos', headers: a.headers })).json()).toEqual(r.json());
    expectError(await put({ contacts: [...contacts, { name: 'Six', phoneNumber: '9876550006' }], message: 'x' }), 400, 'VALIDATION_FAILED', /at most 5/);
    expectError(await put({ contacts: [{ name: 'Ravi 2', phoneNumber: '9876550001' }], message: 'x' }), 400, 'VALIDATION_FAILED', /contacts\.0\.name/);
    expectError(await put({ contacts: [{ name: 'Ravi', phoneNumber: '12345' }], message: 'x' }), 400, 'VALIDATION_FAILED', /phoneNumber/);
    expectError(await put({ contacts, message: '   ' }), 400, 'VALIDATION_FAILED', /message/);
    // Length, lines and characters: the SMS to the contacts carries this text.
    expectError(await put({ contacts, message: 'x'.repeat(301) }), 400, 'VALIDATION_FAILED', /300 characters/);
    expectError(await put({ contacts, message: 'a\nb\nc\nd\ne\nf' }), 400, 'VALIDATION_FAILED', /5 lines/);
    for (const bad of ['help \u202eem pleh', 'help\u001b[2J', 'help \ud800', 'help\tme', 'help \u0085']) {
      expectError(await put({ contacts, message: bad }), 400, 'VALIDATION_FAILED', /letters, numbers, punctuation, emoji and line breaks only/);
    }
    expect((await put({ contacts, message: 'मदद करें 🚨\nBus 42, near Sion' })).statusCode).toBe(200);
    expect((await put({ contacts, message: 'Help me please' })).statusCode).toBe(200);
  });

  it('texts every contact the message and an OpenStreetMap link, then cools down for 5 minutes', async () => {
    const r = await alert();
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ sentTo: 5, nextAllowedAt: clock.t + 300_000 });
    expect(sms.sent.map((m) => m.to)).toEqual(['9876550001', '9876550002', '9876550003', '9876550004', '9876550005']);
    expect(sms.sent[0].body).toBe(
      'SOS from +91 9876540001: Help me please\nLocation: https://www.openstreetmap.org/?mlat=19.08960&mlon=72.86560#map=17/19.08960/72.86560',
    );
    clock.advance(60_000);
    const again = await alert();
    expectError(again, 429, 'SOS_COOLDOWN', /12:05 pm.*in 4 min/i);
    expect(again.headers['retry-after']).toBe('240');
    clock.advance(240_000);
    expect((await alert({ lat: null, lon: null })).statusCode).toBe(200);
    expect(sms.sent.at(-1)?.body).toMatch(/Location: not available/);
    const recorded = await s.db.query<{ sent_to: number }>('SELECT sent_to FROM sos_alerts WHERE user_id = $1 ORDER BY id', [a.userId]);
    expect(recorded.rows.map((x) => x.sent_to)).toEqual([5, 5]);
  });

  it('502 SMS_SEND_FAILED when no contact could be reached, and no cooldown then', async () => {
    clock.advance(300_000);
    await put({ contacts: [{ name: 'Ravi', phoneNumber: '9876550009' }], message: 'Help' });
    sms.failing.add('9876550009');
    expectError(await alert(), 502, 'SMS_SEND_FAILED');
    sms.failing.clear();
    expect((await alert()).json()).toMatchObject({ sentTo: 1 });
  });

  it('needs sign-in', async () => {
    expectError(await s.app.inject({ url: '/api/sos' }), 401, 'UNAUTHENTICATED');
    expectError(await s.app.inject({ method: 'POST', url: '/api/sos/alert', payload: { lat: 1, lon: 2 } }), 401, 'UNAUTHENTICATED');
  });

  it('support offices: hours, open now and contacts, without sign-in', async () => {
    const r = await s.app.inject({ url: '/api/support/offices' });
    expect(supportOfficesResponseSchema.parse(r.json())).toEqual({
      open: true,
      opens: 8,
      closes: 20,
      isWeekend: false,
      hours: { weekday: { opens: 8, closes: 20 }, weekend: { opens: 10, closes: 18 } },
      timeZone: 'Asia/Kolkata',
      phone: expect.any(String),
      email: expect.stringContaining('@'),
    });
    clock.t = Date.parse('2025-08-16T09:30:00+05:30'); // Saturday, before 10
    expect((await s.app.inject({ url: '/api/support/offices' })).json()).toMatchObject({ open: false, opens: 10, closes: 18, isWeekend: true });
  });
});

describe(`SOS cannot be used to spam ${dbLabel()}`, () => {
  const clock = new TestClock(Date.parse('2025-08-14T12:00:00+05:30'));
  const sms = new RecordingSms();
  let s: TestServer;
  let a: Session;
  let tokenAt = 0;
  beforeAll(async () => {
    s = await startTestServer({ seed: false, now: clock.now, sms });
    await requestOtp(s.app, '9876540002');
    const otp = /\b(\d{6})\b/.exec(sms.sent[0].body)![1];
    const r = (
      await s.app.inject({ method: 'POST', url: '/api/auth/login', payload: { phoneNumber: '9876540002', countryCode: '+91', otp, deviceId: 'sos-device-2' } })
    ).json();
    a = { ...r, deviceId: 'sos-device-2', headers: authHeaders(r.userId, 'sos-device-2', r.accessToken) };
    tokenAt = clock.t;
  }, 120_000);
  afterAll(() => s?.cleanup());
  beforeEach(() => (sms.sent = []));

  /** The rider's headers, refreshed when the access token is near its end (these tests move the clock by hours). */
  const headers = async () => {
    if (clock.t - tokenAt > 10 * 60_000) {
      const r = await s.app.inject({
        method: 'POST',
        url: '/api/auth/refresh',
        payload: { refreshToken: a.refreshToken, userId: a.userId, deviceId: a.deviceId },
      });
      const t = r.json() as { accessToken: string; refreshToken: string };
      a = { ...a, ...t, headers: authHeaders(a.userId, a.deviceId, t.accessToken) };
      tokenAt = clock.t;
    }
    return a.headers;
  };
  const put = async (body: object) => s.app.inject({ method: 'PUT', url: '/api/sos', headers: await headers(), payload: body });
  const alert = async (body: object = { lat: 19.0896, lon: 72.8656 }) =>
    s.app.inject({ method: 'POST', url: '/api/sos/alert', headers: await headers(), payload: body });

  it('refuses a message with a link, web or email address (400, naming it); the alert never carries one', async () => {
    const contacts = [{ name: 'Ravi', phoneNumber: '9876550009' }];
    for (const [message, link] of [
      ['Win ₹5000 at https://bit.ly/x', 'https://bit.ly/x'],
      ['Claim your prize: www.example.org', 'www.example.org'],
      ['Go to example[.]com now', 'example[.]com'],
      ['Write to me at someone@gmail.com', 'gmail.com'],
    ]) {
      const body = expectError(await put({ contacts, message }), 400, 'VALIDATION_FAILED', /cannot carry links or web or email addresses/);
      expect(body.message).toContain(`remove "${link}"`);
    }
    expect((await put({ contacts, message: 'Dr. Rao, bus no. 5. Call me.' })).statusCode).toBe(200);
    // A message saved before the rule (written straight to the table) goes without its link.
    await s.db.query('UPDATE sos_settings SET message = $2 WHERE user_id = $1', [a.userId, 'Help! See example.com']);
    clock.advance(300_000);
    expect((await alert()).statusCode).toBe(200);
    expect(sms.sent.at(-1)?.body).toMatch(/^SOS from \+91 9876540002: Help! See \[link removed\]\nLocation: https:\/\/www\.openstreetmap\.org\//);
  });

  it(`sends at most ${SOS_DAILY_CAP} alerts in any 24 hours (429 SOS_DAILY_LIMIT), besides the 5-minute gap; a slot frees 24 h after`, async () => {
    await put({ contacts: [{ name: 'Ravi', phoneNumber: '9876550009' }], message: 'Help me' });
    clock.advance(SOS_CAP_WINDOW_MS); // earlier tests' alerts leave the window
    const first = clock.t;
    for (let i = 0; i < SOS_DAILY_CAP; i++) {
      expect((await alert()).statusCode).toBe(200);
      clock.advance(SOS_COOLDOWN_MS);
    }
    const capped = await alert();
    expectError(capped, 429, 'SOS_DAILY_LIMIT', new RegExp(`${SOS_DAILY_CAP} SOS alerts in the last 24 hours.*call 112`));
    expect(Number(capped.headers['retry-after'])).toBe((first + SOS_CAP_WINDOW_MS - clock.t) / 1000);
    clock.t = first + SOS_CAP_WINDOW_MS - 1;
    expectError(await alert(), 429, 'SOS_DAILY_LIMIT');
    clock.t = first + SOS_CAP_WINDOW_MS;
    expect((await alert()).statusCode).toBe(200);
    // Ten in the window again; the next slot (the second alert's 24 h) is also when the gap ends.
    expectError(await alert(), 429, 'SOS_DAILY_LIMIT');
  });

  it('20 parallel alerts send one (the gap and the cap are decided one alert at a time)', async () => {
    clock.advance(SOS_CAP_WINDOW_MS);
    sms.sent = [];
    const answers = await Promise.all(Array.from({ length: 20 }, () => alert()));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(19);
    expect(sms.sent).toHaveLength(1);
  });
});
