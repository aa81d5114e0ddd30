// Test support: the real server (the compiled API, api/dist/app/main.js, as `npm start` runs it) as a child process on
// its own data folder and a loopback port, with the development payment gateway on a port of its own in this process,
// a rider signed in through its HTTP API (the development SMS outbox), and payments made over HTTP as a rider's browser
// makes them (the pay request, the gateway's hosted page, the gateway's return). Used by the tests of the data-folder
// lock, the files on PostgreSQL and backup/restore, which need separate processes and folders.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import path from 'node:path';
import { cityDate } from '@sawari/domain';
import type { PayResponse } from '@sawari/contracts';
import { compiledApi } from '../testing/compiled-api';
import { payOnHostedPage, type HostedInstrument } from '../dev-gateway/driver';
import { startTestGateway, type TestGateway } from '../testing/test-gateway';

export const REPO = path.resolve(__dirname, '../../..');

export interface SpawnedServer {
  url: string;
  pid: number;
  /** The gateway the server takes payments through (its own, closed when the server exits; or the one passed in). */
  gateway: TestGateway | null;
  output(): string;
  /** SIGTERM and wait for the exit (graceful shutdown: the folder's lock released). */
  stop(): Promise<number | null>;
  kill9(): Promise<void>;
  exited: Promise<number | null>;
}

/** The child's environment for this gateway (RAZORPAY_API_URL and RAZORPAY_CHECKOUT_URL: the gateway's own origin). */
export const gatewayEnv = (gw: TestGateway): Record<string, string> => ({ RAZORPAY_API_URL: gw.url, RAZORPAY_CHECKOUT_URL: gw.url });

/**
 * Starts `node api/dist/app/main.js` (compiled first when stale: testing/compiled-api.ts) and waits for /api/health (or
 * its exit). Payments go through `opts.gateway`; without one (and without RAZORPAY_API_URL in `opts.env`) a
 * development gateway of its own is started in this process, its webhooks sent to this server, closed when it exits.
 */
export async function spawnServer(opts: {
  port?: number;
  dataDir: string;
  env?: Record<string, string>;
  timeoutMs?: number;
  gateway?: TestGateway;
}): Promise<SpawnedServer> {
  // Without a port, a free one: a test that runs in both database projects at once (jest's api and api-pg) never meets
  // its twin's server on a fixed port.
  const port = opts.port ?? (await freePort());
  const ownGateway =
    opts.gateway || opts.env?.RAZORPAY_API_URL
      ? null
      : await startTestGateway({ webhookUrl: `http://127.0.0.1:${port}/api/payments/gateway/razorpay/webhook` });
  const gateway = opts.gateway ?? ownGateway;
  const child: ChildProcess = spawn(process.execPath, ['--enable-source-maps', compiledApi('app/main.js')], {
    cwd: REPO,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      SAWARI_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: opts.dataDir,
      WEB_ROOT: 'off',
      LOG_LEVEL: 'warn',
      REALTIME_SOURCE: 'off',
      SAWARI_IMPORT_GTFS: '',
      DATABASE_URL: '',
      ...(gateway ? gatewayEnv(gateway) : {}),
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code))).then(async (code) => {
    await ownGateway?.close();
    return code;
  });
  let gone = false;
  void exited.then(() => (gone = true));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (opts.timeoutMs ?? 90_000);
  for (;;) {
    if (gone) throw new Error(`the server exited before answering:\n${out}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not answer in time:\n${out}`);
    }
    const ok = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 300));
  }
  return {
    url,
    pid: child.pid!,
    gateway,
    output: () => out,
    exited,
    stop: async () => {
      if (!gone) child.kill('SIGTERM');
      return exited;
    },
    kill9: async () => {
      if (!gone) child.kill('SIGKILL');
      await exited;
    },
  };
}

/** A loopback port no one listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Runs a script of the repository (node [--import tsx] file args) to its end; answers exit code and output. */
export function runNode(
  args: string[],
  env: Record<string, string>,
  timeoutMs = 120_000,
  stdin?: string,
): Promise<{ code: number | null; out: string; stdout: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: REPO, env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    let stdout = '';
    child.stdout.on('data', (d) => {
      out += d;
      stdout += d;
    });
    child.stderr.on('data', (d) => (out += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, out, stdout });
    });
    child.stdin.end(stdin ?? '');
  });
}

export interface HttpRider {
  userId: string;
  headers: Record<string, string>;
}

/** Signs a rider in through the HTTP API: OTP request, the code from the development outbox, login. */
export async function signInOverHttp(url: string, phoneNumber: string, deviceId = 'spawned-device-1'): Promise<HttpRider> {
  const otp = await fetch(`${url}/api/auth/otp?phoneNumber=${phoneNumber}&countryCode=%2B91`);
  if (!otp.ok) throw new Error(`OTP request failed: ${otp.status} ${await otp.text()}`);
  const outbox = (await (await fetch(`${url}/api/dev/sms-outbox?phoneNumber=${phoneNumber}`)).json()) as { messages: { body: string }[] };
  const code = outbox.messages.map((m) => /\b(\d{6})\b/.exec(m.body)?.[1]).find(Boolean);
  if (!code) throw new Error(`no code was sent to ${phoneNumber}`);
  const r = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phoneNumber, countryCode: '+91', otp: code, deviceId }),
  });
  if (!r.ok) throw new Error(`login failed: ${r.status} ${await r.text()}`);
  const body = (await r.json()) as { userId: string; accessToken: string };
  return {
    userId: body.userId,
    headers: { accesstoken: body.accessToken, authtype: 'ACCESS_TOKEN', userid: body.userId, deviceid: deviceId, 'x-type': 'pass' },
  };
}

/**
 * The gateway's return as the rider's browser posts it (the gateway page's auto-submitted form): to the callback URL,
 * which is absolute (built from the pay request's origin: the server, or HAProxy, the pay request went to). Our server
 * answers 303 to the rider's page.
 */
export async function postGatewayReturn(callback: { url: string; fields: Record<string, string> }, timeoutMs = 15_000): Promise<Response> {
  const r = await fetch(callback.url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(callback.fields).toString(),
    redirect: 'manual',
    signal: AbortSignal.timeout(timeoutMs),
  });
  await r.arrayBuffer();
  return r;
}

/** What GET /api/payments/:id says of a payment: its order's state as the pay request answers it. */
export async function paymentOverHttp(url: string, rider: HttpRider, paymentId: string): Promise<Pick<PayResponse, 'paymentId' | 'status' | 'failureReason'>> {
  const r = await fetch(`${url}/api/payments/${paymentId}`, { headers: rider.headers, signal: AbortSignal.timeout(15_000) });
  const text = await r.text();
  if (r.status !== 200) throw new Error(`GET /api/payments/${paymentId}: ${r.status} ${text}`);
  const p = JSON.parse(text) as { paymentId: string; orderStatus: PayResponse['status']; failureReason: string | null };
  return { paymentId: p.paymentId, status: p.orderStatus, failureReason: p.failureReason };
}

/**
 * Pays an order over HTTP as a rider does: POST pay (the method, never card data), the gateway's hosted page (its
 * HTTP driver), the gateway's return posted to the callback URL (303); answers the payment's state. Throws on any
 * other answer.
 */
export async function payOverHttp(
  url: string,
  rider: HttpRider,
  kind: string,
  orderId: string,
  instrument: HostedInstrument,
  opts: { key?: string; prefill?: Record<string, string> } = {},
): Promise<Pick<PayResponse, 'paymentId' | 'status' | 'failureReason'>> {
  const prefill = opts.prefill ?? (instrument.method === 'upi' ? { vpa: instrument.vpa } : instrument.method === 'netbanking' ? { bank: instrument.bank } : {});
  const r = await fetch(`${url}/api/payments/${kind}/${orderId}/pay`, {
    method: 'POST',
    headers: { ...rider.headers, 'content-type': 'application/json', 'idempotency-key': opts.key ?? `http-${Math.random().toString(36).slice(2, 12)}` },
    body: JSON.stringify({ method: instrument.method, prefill }),
  });
  const text = await r.text();
  if (r.status !== 200) throw new Error(`POST /api/payments/${kind}/${orderId}/pay: ${r.status} ${text}`);
  const started = JSON.parse(text) as PayResponse;
  if (!started.checkout) return { paymentId: started.paymentId, status: started.status, failureReason: started.failureReason };
  const page = await payOnHostedPage(started.checkout, instrument);
  if (page.kind === 'callback') {
    const back = await postGatewayReturn(page);
    if (back.status !== 303) throw new Error(`the gateway's return to ${page.url} answered ${back.status}`);
  } else if (page.kind === 'cancel') {
    const back = await fetch(page.url, { redirect: 'manual' });
    await back.arrayBuffer();
    if (back.status !== 303) throw new Error(`the gateway's cancel to ${page.url} answered ${back.status}`);
  }
  return paymentOverHttp(url, rider, started.paymentId);
}

/** A multipart body with one file field (uploads). */
export function multipartFile(file: Buffer, contentType = 'application/octet-stream'): { body: Buffer; contentType: string } {
  const boundary = '----sawari-spawned-boundary';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="upload"\r\ncontent-type: ${contentType}\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

export const jpegBytes = (n = 200, fill = 0): Buffer => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(n, fill)]);
export const pdfBytes = (n = 200, fill = 0): Buffer => Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(n, fill)]);

/** Today's date in Asia/Kolkata (YYYY-MM-DD), as the passes' start dates are. */
export const todayInKolkata = (): string => cityDate(Date.now());

/** Uploads two proofs, creates a student pass order and submits it for verification (a decision for an operator). */
export async function submittedPassOrder(url: string, rider: HttpRider, phoneNumber: string): Promise<string> {
  const up = async (b: Buffer) => {
    const m = multipartFile(b);
    const r = await fetch(`${url}/api/passes/proofs`, {
      method: 'POST',
      headers: { ...rider.headers, 'content-type': m.contentType },
      body: new Uint8Array(m.body),
    });
    if (!r.ok) throw new Error(`upload failed: ${r.status} ${await r.text()}`);
    return ((await r.json()) as { fileId: string }).fileId;
  };
  const body = {
    appVer: '1001',
    city: 'mumbai',
    deviceId: 'spawned-device-1',
    source: 1,
    paymentProps: { lpVer: '1', paymentType: 'online' },
    proofs: [
      { kind: 'PHOTO', fileId: await up(jpegBytes()) },
      { kind: 'STUDENT_ID', fileId: await up(pdfBytes()) },
    ],
    userDetails: { mailId: null, mobileNumber: phoneNumber, userName: 'Asha Rao', gender: null, dobInMillis: null, userId: rider.userId },
    passProps: { passStartDate: todayInKolkata(), categoryId: 'student', fmId: 'mum-stu-30', configurationId: 'mum-concession', passFare: 400 },
    transactionId: `lock-${Math.random().toString(36).slice(2, 10)}`,
  };
  const o = await fetch(`${url}/api/passes/v3/orders`, {
    method: 'POST',
    headers: { ...rider.headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (o.status !== 201) throw new Error(`order failed: ${o.status} ${await o.text()}`);
  const tx = ((await o.json()) as { transactionId: string }).transactionId;
  const s = await fetch(`${url}/api/passes/orders/${tx}/submit-for-verification`, { method: 'POST', headers: rider.headers });
  if (!s.ok) throw new Error(`submit failed: ${s.status} ${await s.text()}`);
  return tx;
}
