// The ops command acting through a running server's operator API (--server / SAWARI_API_URL): the e2e server holds its
// PGlite folder, so the command cannot open the database there. Same decisions, recorded under the ops key's name.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { seedCityConfig } from '../../seed';
import { card, payThroughGateway } from '../../testing/gateway-pay';
import { dbLabel } from '../../testing/test-db';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { signIn, TestClock, type Session } from '../../testing/accounts';
import { PassOrderService } from './service';
import { httpOpsBackend, runOps, serverFrom } from './ops-cli';

function multipart(file: Buffer) {
  const boundary = '----sawari-ops-boundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="proof"\r\ncontent-type: application/octet-stream\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
const jpeg = () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200)]);
const pdf = () => Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(200)]);

/** Runs `npm run ops -- ...` (scripts/ops.mjs) as a child process; answers its exit code and output. */
function runCommand(args: string[], env: Record<string, string>): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    const root = path.resolve(__dirname, '../../../..');
    const child = spawn(process.execPath, [path.join(root, 'scripts/ops.mjs'), ...args], { cwd: root, env: { ...process.env, ...env } });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (code) => resolve({ code: code ?? 1, out }));
  });
}

describe(`ops command through a server ${dbLabel()}`, () => {
  const clock = new TestClock();
  let s: TestServer;
  let rider: Session;
  let url: string;
  beforeAll(async () => {
    s = await startTestServer({ seed: false, now: clock.now, before: (t) => seedCityConfig(t.db) });
    await s.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(s.app.server.address() as AddressInfo).port}`;
    rider = await signIn(s.app, s.db, '9876580071');
  }, 60_000);
  afterAll(() => s?.cleanup());

  async function submittedOrder(): Promise<string> {
    const up = async (b: Buffer) => {
      const m = multipart(b);
      return (await s.app.inject({ method: 'POST', url: '/api/passes/proofs', payload: m.payload, headers: { ...rider.headers, ...m.headers } })).json()
        .fileId as string;
    };
    const body = {
      appVer: '1001',
      city: 'mumbai',
      deviceId: 'test-device-1',
      source: 1,
      paymentProps: { lpVer: '1', paymentType: 'online' },
      proofs: [
        { kind: 'PHOTO', fileId: await up(jpeg()) },
        { kind: 'STUDENT_ID', fileId: await up(pdf()) },
      ],
      userDetails: { mailId: null, mobileNumber: '9876580071', userName: 'Asha Rao', gender: null, dobInMillis: null, userId: rider.userId },
      passProps: { passStartDate: '2025-08-20', categoryId: 'student', fmId: 'mum-stu-30', configurationId: 'mum-concession', passFare: 400 },
      transactionId: `ops-${Math.random().toString(36).slice(2, 10)}`,
    };
    const o = await s.app.inject({ method: 'POST', url: '/api/passes/v3/orders', headers: rider.headers, payload: body });
    expect(o.statusCode).toBe(201);
    const tx = o.json().transactionId as string;
    expect((await s.app.inject({ method: 'POST', url: `/api/passes/orders/${tx}/submit-for-verification`, headers: rider.headers })).statusCode).toBe(200);
    return tx;
  }

  it('serverFrom: --server url, --server=url, else SAWARI_API_URL, else database mode', () => {
    expect(serverFrom(['verifications', 'list', '--server', 'http://a:1'], {})).toBe('http://a:1');
    expect(serverFrom(['--server=http://b:2', 'verifications', 'list'], { SAWARI_API_URL: 'http://c:3' })).toBe('http://b:2');
    expect(serverFrom(['verifications', 'list'], { SAWARI_API_URL: 'http://c:3' })).toBe('http://c:3');
    expect(serverFrom(['verifications', 'list'], {})).toBeNull();
  });

  it('lists, rejects and approves through the operator API; refusals and a wrong key answer exit 1 with the code', async () => {
    const tx = await submittedOrder();
    const lines: string[] = [];
    const backend = httpOpsBackend(url, 'sawari-dev-ops');
    const run = (...argv: string[]) =>
      runOps(
        [...argv, '--server', url],
        backend,
        (l) => lines.push(l),
        (l) => lines.push(l),
        'ignored',
        true,
      );
    expect(await run('verifications', 'list')).toBe(0);
    expect(lines.some((l) => l.startsWith(`${tx}  mumbai  mum-concession/student/mum-stu-30`))).toBe(true);
    expect(await run('verifications', 'reject', tx)).toBe(2);
    expect(await run('verifications', 'approve', tx, '--as', 'meera')).toBe(2);
    expect(lines.pop()).toMatch(/--as names the operator in database mode only/);
    expect(await run('verifications', 'reject', tx, '--reason', 'Photo is blurred')).toBe(0);
    expect(lines.pop()).toBe(`${tx}: REJECTED (REJECTED): Photo is blurred`);
    expect(await run('verifications', 'approve', tx)).toBe(1);
    expect(lines.pop()).toMatch(/^ILLEGAL_TRANSITION: /);
    await s.app.inject({ method: 'POST', url: `/api/passes/orders/${tx}/resubmit`, headers: rider.headers, payload: { action: 'REAPPLY' } });
    expect(await run('verifications', 'approve', tx)).toBe(0);
    expect(lines.pop()).toBe(`${tx}: PENDING (VERIFIED)`);
    const decisions = await new PassOrderService(s.db, clock.now).decisions(tx);
    expect(decisions.map((d) => [d.action, d.actor])).toEqual([
      ['SUBMIT', `rider:${rider.userId}`],
      ['REJECT', 'ops:dev'],
      ['REAPPLY', `rider:${rider.userId}`],
      ['APPROVE', 'ops:dev'],
    ]);

    const wrongKey = httpOpsBackend(url, 'not-the-key-at-all');
    expect(
      await runOps(
        ['verifications', 'list'],
        wrongKey,
        (l) => lines.push(l),
        (l) => lines.push(l),
        'x',
        true,
      ),
    ).toBe(1);
    expect(lines.pop()).toMatch(/^OPS_UNAUTHENTICATED: /);
    const nobody = httpOpsBackend('http://127.0.0.1:9', 'sawari-dev-ops');
    expect(
      await runOps(
        ['verifications', 'list'],
        nobody,
        (l) => lines.push(l),
        (l) => lines.push(l),
        'x',
        true,
      ),
    ).toBe(1);
    expect(lines.pop()).toMatch(/^SERVER_UNREACHABLE: No answer from http:\/\/127\.0\.0\.1:9/);
  });

  it("an operator saves a proof to look at it (only that order's proofs; key required; ids checked)", async () => {
    const tx = await submittedOrder();
    const order = (await s.app.inject({ url: '/api/ops/verifications', headers: { authorization: 'Ops sawari-dev-ops' } }))
      .json()
      .verifications.find((v: { transactionId: string }) => v.transactionId === tx);
    const [photo, idProof] = order.proofs as { kind: string; fileId: string }[];
    const res = await s.app.inject({ url: `/api/ops/verifications/${tx}/proofs/${idProof.fileId}`, headers: { authorization: 'Ops sawari-dev-ops' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.rawPayload.equals(pdf())).toBe(true);
    expect((await s.app.inject({ url: `/api/ops/verifications/${tx}/proofs/${idProof.fileId}` })).statusCode).toBe(401);
    const bad = await s.app.inject({ url: `/api/ops/verifications/${tx}/proofs/not-a-uuid`, headers: { authorization: 'Ops sawari-dev-ops' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    const other = await submittedOrder();
    const foreign = await s.app.inject({ url: `/api/ops/verifications/${other}/proofs/${photo.fileId}`, headers: { authorization: 'Ops sawari-dev-ops' } });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('PROOF_NOT_FOUND');

    const dir = mkdtempSync(path.join(os.tmpdir(), 'sawari-ops-proof-'));
    const lines: string[] = [];
    const backend = httpOpsBackend(url, 'sawari-dev-ops');
    const run = (...argv: string[]) =>
      runOps(
        [...argv, '--server', url],
        backend,
        (l) => lines.push(l),
        (l) => lines.push(l),
        'ignored',
        true,
      );
    expect(await run('verifications', 'proof', tx, photo.fileId, '--out', path.join(dir, 'photo.jpg'))).toBe(0);
    expect(lines.pop()).toBe(`PHOTO image/jpeg 204 bytes saved to ${path.join(dir, 'photo.jpg')}`);
    expect(readFileSync(path.join(dir, 'photo.jpg')).equals(jpeg())).toBe(true);
    expect(await run('verifications', 'proof', tx, photo.fileId)).toBe(2);
    expect(await run('verifications', 'proof', other, photo.fileId, '--out', path.join(dir, 'x'))).toBe(1);
    expect(lines.pop()).toMatch(/^PROOF_NOT_FOUND: /);
  });

  it("GET /api/passes/orders lists the rider's open verification orders (submitted, rejected with reason, verified unpaid), not others'", async () => {
    const list = async (who: Session = rider) =>
      (await s.app.inject({ url: '/api/passes/orders', headers: who.headers })).json().orders as {
        transactionId: string;
        status: string;
        verificationStatus: string | null;
        rejectionReason: string | null;
      }[];
    const tx = await submittedOrder();
    expect((await list()).find((o) => o.transactionId === tx)).toMatchObject({ status: 'UNVERIFIED', verificationStatus: 'UNVERIFIED' });
    const service = new PassOrderService(s.db, clock.now);
    await service.transition(tx, 'REJECT', 'ops:test', { reason: 'ID expired' });
    expect((await list()).find((o) => o.transactionId === tx)).toMatchObject({ status: 'REJECTED', rejectionReason: 'ID expired' });
    await service.transition(tx, 'REAPPLY', `rider:${rider.userId}`, { userId: rider.userId });
    await service.transition(tx, 'APPROVE', 'ops:test');
    expect((await list()).find((o) => o.transactionId === tx)).toMatchObject({ status: 'PENDING', verificationStatus: 'VERIFIED' });
    const paid = await payThroughGateway(s.app, rider, 'pass', tx, card(), { key: 'ops-cli-pay-0001' });
    expect(paid.json()).toMatchObject({ status: 'SUCCESS' });
    expect((await list()).some((o) => o.transactionId === tx)).toBe(false);
    const other = await signIn(s.app, s.db, '9876580072');
    expect(await list(other)).toEqual([]);
  });

  it('npm run ops -- verifications approve <tx> --server <url> (the real command, OPS_KEY from the environment)', async () => {
    const tx = await submittedOrder();
    const approved = await runCommand(['verifications', 'approve', tx, '--server', url], { OPS_KEY: 'sawari-dev-ops' });
    expect(approved).toEqual({ code: 0, out: `${tx}: PENDING (VERIFIED)\n` });
    const again = await runCommand(['verifications', 'approve', tx], { SAWARI_API_URL: url });
    expect(again.code).toBe(1);
    expect(again.out).toMatch(/^ILLEGAL_TRANSITION: /);
    expect((await runCommand(['verifications', 'list', '--server', 'not-a-url'], {})).code).toBe(2);
  }, 60_000);
});
