import { test, expect, type APIRequestContext, type Page } from '@playwright/test';
import { upiOnGateway, payThroughApi, SANDBOX_UPI } from '../support/buy';
import { execFile } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { repoRoot } from '../support/server';
import { expectAccessible } from '../support/axe';
import { newIp, png, rand, riderThroughApi } from '../support/rider';

// Pass purchase against the real server (mf-passes + the shell's checkout): a general pass paid by UPI, a student pass
// through upload, rejection, resubmission and approval by the operator command, a renewal, an oversized upload refused
// in the browser, and axe on each screen. Riders sign in through the API (as another device would) and the session is
// put where the app keeps it, so the OTP resend limit never slows the tests. Service workers are blocked.
test.use({ serviceWorkers: 'block', bypassCSP: true });

const run = promisify(execFile);
const SHOTS = path.join(repoRoot, 'test-results', 'passes-shots');
mkdirSync(SHOTS, { recursive: true });
/** A one-page PDF with a line of text. */
function pdf(text = 'Student ID 2025'): Buffer {
  const stream = `BT /F1 18 Tf 40 100 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

type Rider = { userId: string; headers: Record<string, string>; phone: string };

/** A rider with a profile, signed in through the API; the session is stored where the app reads it (IndexedDB). */
async function signedInRider(page: Page, request: APIRequestContext, firstName = 'Asha', lastName = 'Rao', city = 'mumbai'): Promise<Rider> {
  const { phone, userId, accessToken, refreshToken, deviceId, headers } = await riderThroughApi(request, {
    device: 'e2epasses',
    profile: { firstName, lastName, mailId: 'asha@example.in' },
    from: { 'x-forwarded-for': newIp() },
  });
  await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': newIp() });
  await page.goto('/api/health');
  await page.evaluate(
    async ({ session, deviceId, city }) => {
      localStorage.setItem('sawari.deviceId', deviceId);
      localStorage.setItem('sawari.city', city);
      await new Promise((resolve, reject) => {
        const open = indexedDB.open('sawari-session');
        open.onupgradeneeded = () => open.result.createObjectStore('session');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('session', 'readwrite');
          tx.objectStore('session').put(session, 'session');
          tx.oncomplete = () => resolve(null);
          tx.onerror = () => reject(tx.error);
        };
      });
    },
    { session: { phoneNumber: phone, userId, accessToken, refreshToken }, deviceId, city },
  );
  return { userId, headers, phone };
}

/** A screenshot at the current width (looked at by hand; kept under test-results/passes-shots). */
async function shot(page: Page, name: string) {
  await page.screenshot({ path: path.join(SHOTS, `${name}-${page.viewportSize()?.width}.png`), fullPage: true });
}

/** The operator command, through the running server's operator API (the server holds the PGlite folder). */
async function ops(...args: string[]): Promise<string> {
  const server = `http://127.0.0.1:${process.env.E2E_PORT || 18180}`;
  const { stdout } = await run(process.execPath, [path.join(repoRoot, 'scripts/ops.mjs'), 'verifications', ...args, '--server', server], {
    cwd: repoRoot,
    env: { ...process.env, OPS_KEY: 'sawari-dev-ops' },
  });
  return stdout.trim();
}

/** The shell's checkout: UPI (success@upi) approved on the gateway's page, then back on this remote's booking-successful screen. */
async function payWithUpi(page: Page, amount: string) {
  await expect(page).toHaveURL(/\/app\/select-payment\/MBUS\/pass\/[^/]+$/);
  await page.getByRole('link', { name: /UPI/ }).first().click();
  await page.getByLabel(/UPI ID/i).fill('success@upi');
  await page.getByRole('button', { name: `Continue to pay ${amount}` }).click();
  await upiOnGateway(page, 'success@upi');
  await expect(page).toHaveURL(/\/app\/productHooks\/bus-pass-purchase\/booking-successful\/[^/]+$/, { timeout: 20_000 });
}

/** From the catalogue to the personal details of one product's first fare of `fareName`. */
async function chooseFare(page: Page, product: string, fareName: RegExp) {
  await page.getByRole('article', { name: product, exact: true }).getByRole('button', { name: 'Buy' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a plan' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a fare' })).toBeVisible();
  await page.getByRole('radio', { name: fareName }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm your choice' })).toBeVisible();
  await page.getByRole('button', { name: 'Confirm and continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your details' })).toBeVisible();
}

test('a general pass in Mumbai: catalogue, fare, details from the profile, server breakup, UPI at checkout, the pass in Your passes', async ({
  page,
  request,
}) => {
  await signedInRider(page, request);
  await page.goto('/app/productHooks');
  await expect(page.getByRole('heading', { level: 1, name: 'Bus passes' })).toBeVisible();
  const general = page.getByRole('article', { name: 'General pass', exact: true });
  await expect(general.getByText('from ₹350')).toBeVisible();
  await expect(general.getByText('HDFC: 10% off')).toBeVisible();
  await expect(page.getByRole('article', { name: 'Smart Saver', exact: true }).getByText('Valid city-wide, except at airport stops.')).toBeVisible();
  await expect(page.getByRole('article', { name: 'Super pass', exact: true }).getByText('Not on sale', { exact: true })).toBeVisible();
  await shot(page, '01-catalogue');
  await expectAccessible(page);

  await chooseFare(page, 'General pass', /Monthly/);
  await expect(page.getByLabel('Full name')).toHaveValue('Asha Rao');
  await expect(page.getByLabel('Email (optional)')).toHaveValue('asha@example.in');
  // The start date cannot be before today (city time); the form says so before sending anything.
  const start = page.getByLabel('Pass start date');
  const today = await start.inputValue();
  await start.fill('2020-01-01');
  await page.getByLabel('Full name').fill('Asha R.');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Use English letters and spaces only.')).toBeVisible();
  await expect(page.getByText('The pass cannot start before today.')).toBeVisible();
  await expect(page.getByLabel('Full name')).toBeFocused();
  await shot(page, '02-details-errors');
  await page.getByLabel('Full name').fill('Asha Rao');
  await start.fill(today);
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Confirm and pay' })).toBeVisible();
  const breakup = page.getByRole('table', { name: 'Fare breakup' });
  await expect(breakup.getByRole('row', { name: /Pass price ₹1,200/ })).toBeVisible();
  await expect(breakup.getByRole('row', { name: /Discount − ₹100/ })).toBeVisible();
  await expect(breakup.getByRole('row', { name: /To pay ₹1,100/ })).toBeVisible();
  // A bank offer is priced by the server: a new breakup line.
  await page.getByRole('radio', { name: /HDFC: 10% off/ }).check();
  await expect(breakup.getByRole('row', { name: /Bank offer \(HDFC\) − ₹110/ })).toBeVisible();
  await expect(breakup.getByRole('row', { name: /To pay ₹990/ })).toBeVisible();
  await page.getByRole('radio', { name: 'No bank offer' }).check();
  await expect(breakup.getByRole('row', { name: /To pay ₹1,100/ })).toBeVisible();
  await shot(page, '03-confirm-pay');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Pay ₹1,100' }).click();

  await payWithUpi(page, '₹1,100');
  await expect(page.getByText('Payment received. Your pass is ready.')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Adult pass, 30 days' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to your tickets and passes' })).toHaveAttribute('href', '/app/your-tickets-and-passes');
  await shot(page, '04-booking-successful');
  await expectAccessible(page);

  await page.getByRole('link', { name: 'All passes' }).click();
  const mine = page.getByRole('article', { name: 'General pass: Adult pass, 30 days' });
  await expect(mine).toBeVisible();
  // The end is the last valid minute, as on the wallet ("Valid until 22 Dec, 11:59 PM")
  await expect(mine.getByText(/^(Valid until \d{1,2} \w{3}, 11:59 PM|Starts from \d{2} \w{3} \d{4})$/)).toBeVisible();
  await expect(mine.getByRole('button', { name: 'Renew Adult pass, 30 days' })).toBeVisible();
  await shot(page, '14-your-passes');
});

test("the welcome offer: a free pass issued at once with the server's offer line; a second time it says the offer was used", async ({ page, request }) => {
  await signedInRider(page, request, 'Sara', 'Das');
  await page.goto('/app/productHooks');
  await chooseFare(page, 'General pass', /Weekly/);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm and pay' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Fare breakup' }).getByRole('row', { name: /To pay ₹350/ })).toBeVisible();
  await page.getByRole('button', { name: 'Get it with the welcome offer' }).click();
  await expect(page).toHaveURL(/booking-successful\//);
  // a free pass says what made it free (no payment was taken)
  await expect(page.getByText('Free with Welcome pass: 7 days of free rides. Your pass is ready; no payment was taken.')).toBeVisible();
  const breakup = page.getByRole('table', { name: 'Fare breakup' });
  await expect(breakup.getByRole('row', { name: /Welcome offer − ₹350/ })).toBeVisible();
  // An issued order's total reads Paid, never To pay
  await expect(breakup.getByRole('row', { name: /Paid ₹0/ })).toBeVisible();

  await page.getByRole('link', { name: 'All passes' }).click();
  await chooseFare(page, 'General pass', /Weekly/);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('You have already used this offer. Each rider can use it once.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Get it with the welcome offer' })).toHaveCount(0);
});

test('a student pass: upload photo and ID, operator rejects with a reason, rider resubmits, operator approves, rider buys', async ({ page, request }) => {
  test.setTimeout(120_000);
  const rider = await signedInRider(page, request, 'Ravi', 'Kumar');
  const sms = async () =>
    ((await (await request.get('/api/dev/sms-outbox', { params: { phoneNumber: rider.phone } })).json()).messages as { body: string }[]).map((m) => m.body);
  await page.goto('/app/productHooks');
  await chooseFare(page, 'Student and senior-citizen pass', /Student monthly/);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Documents needed' })).toBeVisible();
  await expect(page.getByText('Your Student ID card (an image or a PDF).')).toBeVisible();
  await page.getByRole('link', { name: 'Upload documents' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Upload documents' })).toBeVisible();
  await page.getByLabel('Your photograph').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png(64, 64) });
  await expect(page.getByRole('img', { name: 'Preview of me.png' })).toBeVisible();
  await page.getByLabel('Your Student ID card').setInputFiles({ name: 'student-id.pdf', mimeType: 'application/pdf', buffer: pdf() });
  // The file's card (exact name), not the progress text that names it while the upload runs.
  await expect(page.getByText('student-id.pdf', { exact: true })).toBeVisible();
  // A photograph replaced: the new one is shown.
  await page.getByLabel('Replace: Your photograph').setInputFiles({ name: 'me-2.png', mimeType: 'image/png', buffer: png(32, 32) });
  await expect(page.getByRole('img', { name: 'Preview of me-2.png' })).toBeVisible();
  await shot(page, '05-upload');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Check and submit' })).toBeVisible();
  await expect(page.getByText('me-2.png')).toBeVisible();
  await page.getByRole('button', { name: 'Submit for verification' }).click();
  await expect(page).toHaveURL(/submit-for-verification-successful\/[^/]+$/);
  await expectAccessible(page);
  const tx = decodeURIComponent(page.url().split('/').pop()!);
  // The submitted screen itself follows the outcome (polling) and the rider gets it by SMS
  await expect(page.getByText('Your documents are being checked.')).toBeVisible();
  await shot(page, '05b-submitted');

  expect(await ops('list')).toContain(tx);
  expect(await ops('reject', tx, '--reason', 'The photograph is blurred')).toBe(`${tx}: REJECTED (REJECTED): The photograph is blurred`);
  // The submitted screen polls: the rejection and its reason arrive without a reload or a click.
  await expect(page.getByText('Reason: The photograph is blurred')).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/submit-for-verification-successful\//);
  await expect
    .poll(sms, { timeout: 10_000 })
    .toContainEqual(expect.stringMatching(/documents for the Student and senior-citizen pass were not approved: The photograph is blurred/));
  await shot(page, '06-rejected');
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Resubmit documents' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Resubmit documents' })).toBeVisible();
  await page.getByLabel('Your photograph').setInputFiles({ name: 'me-sharp.png', mimeType: 'image/png', buffer: png(96, 96) });
  await page.getByLabel('Your Student ID card').setInputFiles({ name: 'student-id-2.pdf', mimeType: 'application/pdf', buffer: pdf('Student ID 2025 (2)') });
  await expect(page.getByText('me-sharp.png', { exact: true })).toBeVisible();
  await expect(page.getByText('student-id-2.pdf', { exact: true })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Submit new documents' }).click();
  await expect(page).toHaveURL(/submit-for-verification-successful\//);

  expect(await ops('approve', tx)).toBe(`${tx}: PENDING (VERIFIED)`);
  await expect(page.getByText('Your documents are approved.')).toBeVisible({ timeout: 20_000 });
  await expect
    .poll(sms, { timeout: 10_000 })
    .toContainEqual(expect.stringMatching(/documents for the Student and senior-citizen pass were approved\. Pay ₹400/));
  await page.getByRole('link', { name: 'See verification status' }).click();
  await expect(page.getByText('Your documents are approved.')).toBeVisible();
  await page.getByRole('link', { name: 'Buy the pass' }).click();
  await expect(page).toHaveURL(new RegExp(`purchase-pass-after-verification/${encodeURIComponent(tx)}/false$`));
  await expect(page.getByRole('table', { name: 'Fare breakup' }).getByRole('row', { name: /To pay ₹400/ })).toBeVisible();
  await shot(page, '07-after-verification');
  await page.getByRole('button', { name: 'Pay ₹400' }).click();
  await payWithUpi(page, '₹400');
  await expect(page.getByRole('heading', { name: 'Student pass, 30 days' })).toBeVisible({ timeout: 20_000 });
});

test('a renewal of a renewable pass: Renew in Your passes, the server quote, paid at checkout', async ({ page, request }) => {
  const rider = await signedInRider(page, request, 'Meera', 'Iyer');
  // A Smart Saver pass bought earlier (through the API and the sandbox, as another device would).
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(Date.now());
  const order = await (
    await request.post('/api/passes/v3/orders', {
      headers: rider.headers,
      data: {
        appVer: '1001',
        city: 'mumbai',
        deviceId: rider.headers.deviceid,
        source: 1,
        paymentProps: { lpVer: '1', paymentType: 'online' },
        proofs: [],
        userDetails: { mailId: null, mobileNumber: rider.phone, userName: 'Meera Iyer', gender: null, dobInMillis: null, userId: rider.userId },
        passProps: { passStartDate: today, categoryId: 'adult', fmId: 'mum-ss-city-30', configurationId: 'mum-smart-saver', passFare: 900 },
      },
    })
  ).json();
  await payThroughApi(request, rider.headers, 'pass', order.transactionId, SANDBOX_UPI);

  await page.goto('/app/productHooks');
  const pass = page.getByRole('article', { name: 'Smart Saver: Adult pass, 30 days' });
  await expect(pass).toBeVisible();
  await pass.getByRole('button', { name: 'Renew Adult pass, 30 days' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Renew your pass' })).toBeVisible();
  await expect(page).toHaveURL(/purchase-pass-after-verification\/[^/]+\/true$/);
  await expect(page.getByRole('table', { name: 'Fare breakup' }).getByRole('row', { name: /To pay ₹900/ })).toBeVisible();
  await shot(page, '08-renew');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Pay ₹900' }).click();
  await payWithUpi(page, '₹900');
  await expect(page.getByText('Payment received. Your pass is ready.')).toBeVisible({ timeout: 20_000 });
  const mine = (await (await request.get('/api/passes/mine', { headers: rider.headers })).json()).passes as { configurationId: string; startTime: number }[];
  expect(mine.filter((p) => p.configurationId === 'mum-smart-saver')).toHaveLength(2);
});

test('an upload over 5 MB is refused in the browser; what was typed and chosen stays, also after a reload', async ({ page, request }) => {
  await signedInRider(page, request, 'Kiran', 'Shah');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/app/productHooks');
  await expect(page.getByRole('article', { name: 'General pass', exact: true })).toBeVisible();
  await shot(page, '09-catalogue');
  await chooseFare(page, 'Student and senior-citizen pass', /Student monthly/);
  await page.getByLabel('Full name').fill('Kiran Kumar Shah');
  await page.getByLabel('Date of birth (optional)').fill('2004-03-09');
  await shot(page, '10-details');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('link', { name: 'Upload documents' }).click();

  const uploads: string[] = [];
  page.on('request', (r) => r.url().endsWith('/api/passes/proofs') && uploads.push(r.url()));
  await page.getByLabel('Your photograph').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png() });
  await expect(page.getByRole('img', { name: 'Preview of me.png' })).toBeVisible();
  await page.getByLabel('Your Student ID card').setInputFiles({ name: 'huge-id.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(5_000_001, 0x20) });
  await expect(page.getByRole('alert').filter({ hasText: 'huge-id.pdf is 5.0 MB, larger than 5 MB. Choose a smaller file.' })).toBeVisible();
  await page.getByLabel('Your Student ID card').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByRole('alert').filter({ hasText: 'notes.txt is not a JPEG, PNG or WebP image or a PDF.' })).toBeVisible();
  expect(uploads).toHaveLength(1); // the photograph only
  await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();
  await shot(page, '11-upload-refused');
  await expectAccessible(page);
  // An upload that fails on the way keeps everything and can be retried.
  await page.route('**/api/passes/proofs', (route) => route.abort('internetdisconnected'));
  await page.getByLabel('Your Student ID card').setInputFiles({ name: 'id.pdf', mimeType: 'application/pdf', buffer: pdf() });
  await expect(page.getByRole('alert').filter({ hasText: 'Seems like you are offline' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Preview of me.png' })).toBeVisible();
  await page.unroute('**/api/passes/proofs');
  await page.getByRole('button', { name: 'Try the upload again' }).click();
  await expect(page.getByText('id.pdf', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue' })).toBeEnabled();

  // Real upload progress (api.upload over XMLHttpRequest), on a link throttled to 250 kB/s: a 2 MB ID proof shows a
  // determinate bar; Cancel keeps the file chosen with Retry (focused); Retry runs the bar to 100 and replaces the proof.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 250_000 });
  await page.evaluate(() => {
    const seen: number[] = ((window as unknown as { barValues: number[] }).barValues = []);
    new MutationObserver(() => {
      const now = document.querySelector('[role=progressbar], progress')?.getAttribute('aria-valuenow');
      if (now && Number(now) !== seen.at(-1)) seen.push(Number(now));
    }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-valuenow'] });
  });
  const scan = { name: 'id-scan.pdf', mimeType: 'application/pdf', buffer: Buffer.concat([pdf(), Buffer.alloc(2_000_000, 0x20)]) };
  await page.getByLabel('Replace: Your Student ID card').setInputFiles(scan);
  const bar = page.getByRole('progressbar', { name: 'Upload of id-scan.pdf' });
  await expect(bar).toHaveAttribute('aria-valuenow', /^[3-5][0-9]$/);
  await shot(page, '11a-upload-progress');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Cancel upload' }).click();
  await expect(bar).toBeHidden();
  await expect(page.locator('strong', { hasText: 'The upload of id-scan.pdf was cancelled.' })).toBeVisible();
  await expect(page.locator('[aria-live=polite]', { hasText: 'The upload of id-scan.pdf was cancelled.' })).toHaveCount(1);
  await expect(page.getByText('id-scan.pdf (2.0 MB) is chosen but not uploaded yet.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try the upload again' })).toBeFocused();
  await expect(page.getByText('id.pdf', { exact: true })).toBeVisible(); // the uploaded proof stays
  await shot(page, '11b-upload-cancelled');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Try the upload again' }).click();
  await expect(page.getByText('id-scan.pdf', { exact: true })).toBeVisible({ timeout: 30_000 });
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  const values = await page.evaluate(() => (window as unknown as { barValues: number[] }).barValues);
  expect(values.at(-1)).toBe(100);
  expect(values.filter((v) => v > 0 && v < 100).length).toBeGreaterThan(2);

  // Nothing typed or chosen is lost: the uploaded photograph stays (its name and size), the details too, after a reload.
  await page.reload();
  await expect(page.getByText('me.png')).toBeVisible();
  await page.getByRole('link', { name: 'Back' }).click();
  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page.getByLabel('Full name')).toHaveValue('Kiran Kumar Shah');
  await expect(page.getByLabel('Date of birth (optional)')).toHaveValue('2004-03-09');
  // The flow keeps ids and names only, never file contents.
  const stored = await page.evaluate(() => sessionStorage.getItem('sawari.passes.flow') ?? '');
  expect(stored).toContain('"name":"me.png"');
  expect(stored.length).toBeLessThan(2_000);
});

test('deep links from a cold load switch city; a city without passes says so; an inactive product cannot be bought', async ({ page, request }) => {
  await signedInRider(page, request, 'Anil', 'Nair', 'kochi');
  // /buy-pass straight to the fare confirmation, switching the rider from Kochi to Mumbai.
  await page.goto('/app/buy-pass/mumbai/mum-general/adult/citywide/mum-gen-7');
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm your choice' })).toBeVisible();
  await expect(page.getByText('Weekly · 7 days')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('sawari.city'))).toBe('mumbai');
  await shot(page, '12-buy-pass-link');
  await expectAccessible(page);

  await page.goto('/app/offers/icici/mumbai');
  await expect(page.getByRole('heading', { level: 1, name: 'ICICI bank offers' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Magic pass', exact: true }).getByText('ICICI: 15% off')).toBeVisible();
  await expectAccessible(page);

  await page.goto('/app/book/bookProduct/kochi/koc-rides');
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a plan' })).toBeVisible();
  await expect(page.getByText('This plan is not on sale right now.').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();

  await page.goto('/app/products-landing/mum-general');
  await expect(page).toHaveURL('/app/products-landing/mum-general');
  await expect(page.getByRole('heading', { level: 1, name: 'About this pass' })).toBeVisible();

  // Now in Kochi: a price "from" counts only what is on sale; a product whose only plan is off sale is "Not on sale".
  await page.goto('/app/productHooks');
  await expect(page.getByRole('heading', { name: 'Passes in Kochi' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'General pass', exact: true }).getByText('from ₹800')).toBeVisible();
  await expect(page.getByRole('article', { name: 'Ride pass', exact: true }).getByText('Not on sale', { exact: true })).toBeVisible();

  // The rider's language: the catalogue in Hindi, prices still ₹ with en-IN grouping.
  await page.evaluate(() => {
    localStorage.setItem('sawari.lang', 'hi');
    localStorage.setItem('sawari.city', 'mumbai');
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/app/productHooks');
  await expect(page.getByRole('heading', { level: 1, name: 'बस पास' })).toBeVisible();
  // The catalogue's own texts are in the rider's language too
  await expect(page.getByRole('article', { name: 'मैजिक पास', exact: true }).getByText('₹2,500 से')).toBeVisible();
  await shot(page, '15-catalogue-hi');
  await expectAccessible(page);
  await page.evaluate(() => localStorage.setItem('sawari.lang', 'en'));

  // A city where passes are off: the catalogue says so instead of failing.
  const noPasses = (await (await request.get('/api/config/cities')).json()).cities.find((c: { features: { passes: boolean } }) => !c.features.passes) as
    { id: string; name: string } | undefined;
  if (noPasses) {
    await page.evaluate((id) => localStorage.setItem('sawari.city', id), noPasses.id);
    await page.goto('/app/productHooks');
    await expect(page.getByRole('heading', { name: `Bus passes are not sold in ${noPasses.name} yet` })).toBeVisible();
    await shot(page, '13-city-off');
    await expectAccessible(page);
  }
});

test('a pending pass payment: back on the pay screen the rider continues that payment (same order, same amount), never a second order', async ({
  page,
  request,
}) => {
  const rider = await signedInRider(page, request);
  await page.goto('/app/productHooks');
  await chooseFare(page, 'General pass', /Monthly/);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm and pay' })).toBeVisible();
  await page.getByRole('button', { name: 'Pay ₹1,100' }).click();
  // A payment that stays pending: a cash reference waiting for the counter.
  await expect(page).toHaveURL(/\/app\/select-payment\/MBUS\/pass\/[^/]+$/);
  const checkoutUrl = page.url();
  const tx = decodeURIComponent(checkoutUrl.split('/').pop()!);
  await page.getByRole('link', { name: /Cash at the counter/ }).click();
  await page.getByRole('button', { name: 'Get a payment reference' }).click();
  await expect(page.getByText('Your payment reference')).toBeVisible();
  const status = async () => (await request.get(`/api/payments/orders/pass/${tx}/status`, { headers: rider.headers })).json();
  expect(await status()).toMatchObject({ status: 'PAYMENT_PROCESSING', amountPaise: 110000 });

  // Back to the pass's pay screen (Back twice, as a rider would; then once more by its URL after a reload).
  for (const reach of ['back', 'url'] as const) {
    if (reach === 'back') {
      await page.goBack();
      await page.goBack();
    } else {
      await page.goto('/app/productHooks/bus-pass-purchase/confirm-details-and-pay');
    }
    await expect(page.getByRole('heading', { level: 1, name: 'Confirm and pay' })).toBeVisible();
    await expect(page.getByTestId('payment-under-way')).toHaveText(
      'You have already started paying ₹1,100 for this pass. Continue that payment: paying again would charge you twice.',
    );
    await expect(page.getByRole('table', { name: 'Fare breakup' }).getByRole('row', { name: /To pay ₹1,100/ })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Pay / })).toHaveCount(0);
    // the screen keeps the order being paid
    expect(await page.evaluate(() => JSON.parse(sessionStorage.getItem('sawari.passes.flow') ?? '{}').transactionId)).toBe(tx);
    await shot(page, '15-payment-under-way');
    await expectAccessible(page);
  }
  await page.getByRole('button', { name: 'Continue the payment of ₹1,100' }).click();
  // the checkout of the same order, resuming the open cash reference (no new payment)
  await expect(page).toHaveURL(`/app/select-payment/MBUS/pass/${tx}`);
  await expect(page.getByText('₹1,100', { exact: true }).first()).toBeVisible();
  await expect(page.getByText(/Waiting for the (counter to record your cash payment|payment to be confirmed)/)).toBeVisible();
  expect(await status()).toMatchObject({ status: 'PAYMENT_PROCESSING', amountPaise: 110000 });
  // in Hindi the screen says the same
  await page.evaluate(() => localStorage.setItem('sawari.lang', 'hi'));
  await page.goto('/app/productHooks/bus-pass-purchase/confirm-details-and-pay');
  await expect(page.getByTestId('payment-under-way')).toContainText('आपने इस पास के लिए ₹1,100 का भुगतान पहले ही शुरू कर दिया है।');
});
