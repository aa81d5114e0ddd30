import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

// `npm start` runs the API compiled to JavaScript (api/build.mjs → api/dist), with no tsx. This builds it and starts
// it as `npm start` does (plain node on api/dist/app/main.js, development settings so no production secrets are
// needed), then asks for health and a trip plan: the planner answers
// from its worker thread (a pool of at least one worker by default), loaded from api/dist/modules/planner/worker-main.js.
// One run is enough: skipped in the PostgreSQL pass of the suite (the compiled code is the same).
const repo = path.resolve(__dirname, '..');
const suite = process.env.TEST_DATABASE_URL ? describe.skip : describe;

suite('the compiled API server (api/dist, plain node)', () => {
  let server: ChildProcess | undefined;
  let output = '';
  let base = '';
  let again = '';

  beforeAll(async () => {
    execFileSync(process.execPath, [path.join(repo, 'api/build.mjs')], { cwd: repo, stdio: 'pipe' });
    // Incremental: nothing changed since, nothing is compiled again.
    again = execFileSync(process.execPath, [path.join(repo, 'api/build.mjs')], { cwd: repo, encoding: 'utf8' });
    server = spawn(process.execPath, ['--enable-source-maps', path.join(repo, 'api/dist/app/main.js')], {
      cwd: repo,
      env: { PATH: process.env.PATH, SAWARI_ENV: 'development', PORT: '0', HOST: '127.0.0.1', DATA_DIR: 'memory://', WEB_ROOT: 'off', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    base = await new Promise<string>((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        const m = /Health: (http:\/\/\S+)\/api\/health/.exec(output);
        if (m) resolve(m[1]);
      };
      server!.stdout!.on('data', onData);
      server!.stderr!.on('data', onData);
      server!.on('exit', (code) => reject(new Error(`the compiled server exited (${code}) before listening:\n${output}`)));
    });
  }, 180_000);

  afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((r) => server!.once('exit', r));
      server.kill('SIGTERM');
      await exited;
    }
  });

  it('builds incrementally: a second build right after compiles nothing', () => {
    expect(again).toMatch(/API compiled to api\/dist: 0 of \d+ files built/);
  });

  it('answers /api/health', async () => {
    const r = await fetch(`${base}/api/health`);
    expect(r.status).toBe(200);
    expect(await r.json()).toEqual({ status: 'ok', db: 'pglite' });
  });

  it('plans a trip through the planner worker (GraphQL planTrip on the demo Mumbai feed)', async () => {
    const departAt = Date.parse('2026-03-02T08:00:00+05:30');
    const r = await fetch(`${base}/api/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        query:
          'query($t: Float) { planTrip(city: "mumbai", from: { stopId: "T1-BAY" }, to: { stopId: "VASHI" }, departAt: $t) { itineraries { departure arrival transfers } } }',
        variables: { t: departAt },
      }),
    });
    const body = (await r.json()) as { data?: { planTrip: { itineraries: { departure: number; arrival: number; transfers: number }[] } }; errors?: unknown };
    expect(body.errors).toBeUndefined();
    // Every 30 min from 06:30, 45 min from Terminal 1 to Vashi.
    expect(body.data!.planTrip.itineraries[0]).toEqual({ departure: departAt, arrival: departAt + 45 * 60_000, transfers: 0 });
    expect(output).not.toMatch(/worker.*(error|failed)|Cannot find module/i);
  });
});
