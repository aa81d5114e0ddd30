import { test, expect } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../support/server';
import { expectAccessible } from '../support/axe';
import { newIp, newPhone, png, riderHeaders, signIn } from '../support/rider';

// In the browser: a rider whose uploads fill the per-rider quota is told so on the upload screen, in
// words that say what to do, and what was chosen stays. Sign-in through the UI; the quota filled through the API.
test.use({ serviceWorkers: 'block', bypassCSP: true });

const SHOTS = path.join(repoRoot, 'test-results', 'hardening-shots');
mkdirSync(SHOTS, { recursive: true });
const QUOTA_FILES = 30;

test('the upload screen says when the rider has reached the upload quota', async ({ page, request }) => {
  const phone = newPhone('9');
  await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': newIp() });
  await page.goto('/app/login');
  await signIn(page, request, phone);
  await expect(page).not.toHaveURL(/\/login/);
  const headers = await riderHeaders(page);
  expect((await request.post('/api/profile', { headers, data: { firstName: 'Meera', lastName: 'Iyer' } })).status()).toBe(201);
  for (let i = 0; i < QUOTA_FILES; i += 1) {
    const r = await request.post('/api/passes/proofs', { headers, multipart: { file: { name: `p${i}.png`, mimeType: 'image/png', buffer: png(4, 4) } } });
    expect(r.status()).toBe(201);
  }

  await page.evaluate(() => localStorage.setItem('sawari.city', 'mumbai'));
  await page.goto('/app/productHooks');
  await page.getByRole('article', { name: 'Student and senior-citizen pass', exact: true }).getByRole('button', { name: 'Buy' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('radio', { name: /Student monthly/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Confirm and continue' }).click();
  await page.getByLabel('Full name').fill('Meera Iyer');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('link', { name: 'Upload documents' }).click();

  await page.getByLabel('Your photograph').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png(64, 64) });
  const alert = page.getByRole('alert').filter({ hasText: 'Your account already holds the most uploads we keep (30 files or 50 MB).' });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText('deleted a day after they were uploaded');
  // What was chosen stays, to retry later.
  await expect(page.getByRole('button', { name: /Try the upload again/ })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: path.join(SHOTS, 'upload-quota-390.png'), fullPage: true });
  await expectAccessible(page);
});
