#!/usr/bin/env node
// `npm run prod-shape -- start|stop|status|restart [n]|kill <n>|revive <n>|install [options]`: the production shape on this
// machine (docs/operations.md): HAProxy (deploy/haproxy.cfg) in front of three API instances (api/dist) on one
// PostgreSQL database, Prometheus (deploy/prometheus.yml, deploy/alerts.yml) scraping the three and HAProxy.
// Debian's haproxy and prometheus are installed when missing and this runs as root (apt-get), like Chromium for tests.
//
// Options: --base-port N (default 18350: balancer N, instances N+1..N+3, Prometheus N+4, HAProxy admin N+5),
//          --dir D (run folder: state, logs, Prometheus data; default /tmp/sawari-prod-shape-N),
//          --database-url URL (default postgres://postgres@127.0.0.1:5432/sawari_shape; created when missing),
//          --fresh (drop and create that database first), --no-prometheus, --env development|production
//          (default development: the development SMS outbox and keys; production needs its secrets in the environment).
// Every address is loopback. `stop` ends only the processes this script started (their pids are in D/state.json).
import { spawn, execSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync, copyFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const deploy = path.join(root, 'deploy');

const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const flag = (name) => args.includes(`--${name}`);
const command = args[0];
const basePort = Number(opt('base-port', '18350'));
const dir = path.resolve(opt('dir', `/tmp/sawari-prod-shape-${basePort}`));
const databaseUrl = opt('database-url', process.env.SHAPE_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/sawari_shape');
const env = opt('env', 'development');
const ports = { lb: basePort, apis: [basePort + 1, basePort + 2, basePort + 3], prometheus: basePort + 4, admin: basePort + 5 };
const stateFile = path.join(dir, 'state.json');

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const log = (m) => console.log(`prod-shape: ${m}`);

/**
 * Debian's haproxy, prometheus (promtool comes with it) and pgbackrest (deploy/pgbackrest, docs/operations.md):
 * installed when missing and root, else told.
 */
export function ensurePackages({ prometheus = true } = {}) {
  const wanted = [['haproxy', '/usr/sbin/haproxy'], ...(prometheus ? [['prometheus', '/usr/bin/prometheus']] : []), ['pgbackrest', '/usr/bin/pgbackrest']];
  const missing = wanted.filter(([, bin]) => !existsSync(bin)).map(([pkg]) => pkg);
  if (!missing.length) return true;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(`prod-shape: ${missing.join(' and ')} missing. Install with:\n  sudo apt-get update && sudo apt-get install -y ${missing.join(' ')}`);
    return false;
  }
  log(`installing ${missing.join(' ')} from Debian (apt-get)...`);
  try {
    execSync(`apt-get update -qq && apt-get install -y -qq ${missing.join(' ')}`, {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  } catch (err) {
    console.error(`prod-shape: apt-get failed: ${err.message.split('\n')[0]}`);
    return false;
  }
  return wanted.every(([, bin]) => existsSync(bin));
}

const readState = () => (existsSync(stateFile) ? JSON.parse(readFileSync(stateFile, 'utf8')) : null);
const writeState = (s) => writeFileSync(stateFile, JSON.stringify(s, null, 2));
const alive = (pid) => {
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function ready(port, timeoutMs) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/ready`, { signal: AbortSignal.timeout(2000) })).status === 200) return true;
    } catch {
      /* starting */
    }
    await sleep(200);
  }
  return false;
}

async function ensureDatabase(url, fresh) {
  const { default: pg } = await import('pg');
  const u = new URL(url);
  const name = decodeURIComponent(u.pathname.slice(1));
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`prod-shape: database name must be [a-z0-9_]+, not ${name}`);
  u.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: u.toString() });
  await admin.connect();
  try {
    if (fresh) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    const r = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!r.rows.length) await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
}

/** The environment of instance n (1..3). */
function instanceEnv(n) {
  const webBuilt = existsSync(path.join(root, 'shell/dist'));
  return {
    ...process.env,
    NODE_ENV: env,
    SAWARI_ENV: env,
    PORT: String(ports.apis[n - 1]),
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    TRUST_PROXY: '127.0.0.1',
    METRICS_ALLOW: '127.0.0.1',
    SHUTDOWN_DRAIN_MS: process.env.SHUTDOWN_DRAIN_MS || '2500',
    LOG_LEVEL: process.env.LOG_LEVEL || 'info',
    WEB_ROOT: webBuilt ? root : 'off',
    DATA_DIR: path.join(dir, `api${n}`),
  };
}

/** Starts instance n detached (it outlives this script), its output appended to D/api<n>.log; its pid. */
function spawnInstance(n) {
  const out = openSync(path.join(dir, `api${n}.log`), 'a');
  const child = spawn(process.execPath, ['--enable-source-maps', path.join(root, 'api/dist/app/main.js')], {
    cwd: root,
    env: instanceEnv(n),
    stdio: ['ignore', out, out],
    detached: true,
  });
  child.unref();
  return child.pid;
}

async function startInstance(state, n, timeoutMs = 90_000) {
  state.apis[n - 1] = { port: ports.apis[n - 1], pid: spawnInstance(n) };
  writeState(state);
  if (!(await ready(ports.apis[n - 1], timeoutMs)))
    throw new Error(`instance ${n} (port ${ports.apis[n - 1]}) was not ready in ${timeoutMs / 1000} s: see ${dir}/api${n}.log`);
}

async function waitExit(pid, timeoutMs) {
  const until = Date.now() + timeoutMs;
  while (alive(pid) && Date.now() < until) await sleep(50);
  return !alive(pid);
}

async function start() {
  const previous = readState();
  if (previous && [previous.haproxy, ...previous.apis.map((a) => a?.pid)].some(alive)) throw new Error(`already running (${stateFile}); stop it first`);
  const withPrometheus = !flag('no-prometheus');
  if (!ensurePackages({ prometheus: withPrometheus })) process.exit(3);
  mkdirSync(dir, { recursive: true });
  const { buildApi } = await import('../api/build.mjs');
  await buildApi({ quiet: true });
  await ensureDatabase(databaseUrl, flag('fresh'));
  const state = { basePort, dir, databaseUrl, ports, apis: [null, null, null], haproxy: null, prometheus: null };
  writeState(state);
  // The first instance migrates and seeds the database alone; the other two then start together.
  await startInstance(state, 1);
  await Promise.all([startInstance(state, 2), startInstance(state, 3)]);

  const lbEnv = {
    ...process.env,
    SAWARI_LB_PORT: String(ports.lb),
    SAWARI_LB_ADMIN_PORT: String(ports.admin),
    SAWARI_API1_PORT: String(ports.apis[0]),
    SAWARI_API2_PORT: String(ports.apis[1]),
    SAWARI_API3_PORT: String(ports.apis[2]),
  };
  const check = spawnSync('/usr/sbin/haproxy', ['-c', '-q', '-f', path.join(deploy, 'haproxy.cfg')], { env: lbEnv, encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`haproxy -c refused deploy/haproxy.cfg: ${check.stderr || check.stdout}`);
  const lbOut = openSync(path.join(dir, 'haproxy.log'), 'a');
  const lb = spawn('/usr/sbin/haproxy', ['-db', '-f', path.join(deploy, 'haproxy.cfg')], { env: lbEnv, stdio: ['ignore', lbOut, lbOut], detached: true });
  lb.unref();
  state.haproxy = lb.pid;
  writeState(state);
  if (!(await ready(ports.lb, 20_000))) throw new Error(`HAProxy (port ${ports.lb}) does not answer /api/ready: see ${dir}/haproxy.log`);

  if (withPrometheus) {
    const config = readFileSync(path.join(deploy, 'prometheus.yml'), 'utf8')
      .replace("'127.0.0.1:18351', '127.0.0.1:18352', '127.0.0.1:18353'", ports.apis.map((p) => `'127.0.0.1:${p}'`).join(', '))
      .replace("'127.0.0.1:18355'", `'127.0.0.1:${ports.admin}'`);
    writeFileSync(path.join(dir, 'prometheus.yml'), config);
    copyFileSync(path.join(deploy, 'alerts.yml'), path.join(dir, 'alerts.yml'));
    const promOut = openSync(path.join(dir, 'prometheus.log'), 'a');
    const prom = spawn(
      '/usr/bin/prometheus',
      [
        `--config.file=${path.join(dir, 'prometheus.yml')}`,
        `--storage.tsdb.path=${path.join(dir, 'prometheus-data')}`,
        `--web.listen-address=127.0.0.1:${ports.prometheus}`,
        '--storage.tsdb.retention.time=2d',
      ],
      { stdio: ['ignore', promOut, promOut], detached: true },
    );
    prom.unref();
    state.prometheus = prom.pid;
    writeState(state);
  }
  log(`running: http://127.0.0.1:${ports.lb}/ (HAProxy) -> instances ${ports.apis.join(', ')} on ${databaseUrl.replace(/\/\/[^@]*@/, '//')}`);
  if (withPrometheus) log(`Prometheus: http://127.0.0.1:${ports.prometheus}/alerts   HAProxy stats: http://127.0.0.1:${ports.admin}/stats`);
  log(`logs and state: ${dir}`);
}

async function stop() {
  const state = readState();
  if (!state) return log(`nothing to stop (${stateFile} is absent)`);
  const pids = [state.prometheus, state.haproxy, ...state.apis.map((a) => a?.pid)].filter(alive);
  for (const pid of pids) process.kill(pid, 'SIGTERM');
  for (const pid of pids) if (!(await waitExit(pid, 15_000))) process.kill(pid, 'SIGKILL');
  rmSync(stateFile, { force: true });
  log(`stopped ${pids.length} processes`);
}

/** One instance after the other: SIGTERM (it drains: readiness 503, then closes), wait for it to exit, start it, wait ready. */
async function rollingRestart(which) {
  const state = readState();
  if (!state) throw new Error('not running');
  for (const n of which) {
    const pid = state.apis[n - 1]?.pid;
    if (alive(pid)) {
      process.kill(pid, 'SIGTERM');
      if (!(await waitExit(pid, 30_000))) throw new Error(`instance ${n} did not exit within 30 s of SIGTERM`);
    }
    await startInstance(state, n);
    log(`instance ${n} restarted (pid ${state.apis[n - 1].pid})`);
  }
}

async function main() {
  const n = Number(args[1]);
  switch (command) {
    case 'start':
      return start();
    case 'stop':
      return stop();
    case 'install':
      if (!ensurePackages()) process.exit(3);
      return log('haproxy, prometheus and pgbackrest are installed');
    case 'status': {
      const s = readState();
      if (!s) return log('not running');
      const show = (name, pid) => `${name} ${pid ?? '-'} ${alive(pid) ? 'up' : 'down'}`;
      return log([show('haproxy', s.haproxy), show('prometheus', s.prometheus), ...s.apis.map((a, i) => show(`api${i + 1}:${a?.port}`, a?.pid))].join(', '));
    }
    case 'restart':
      return rollingRestart(n ? [n] : [1, 2, 3]);
    case 'kill': {
      const s = readState();
      const pid = s?.apis[n - 1]?.pid;
      if (!alive(pid)) throw new Error(`instance ${n} is not running`);
      process.kill(pid, 'SIGKILL');
      await waitExit(pid, 5000);
      return log(`instance ${n} killed (SIGKILL, pid ${pid})`);
    }
    case 'revive': {
      const s = readState();
      if (alive(s?.apis[n - 1]?.pid)) throw new Error(`instance ${n} is running`);
      await startInstance(s, n);
      return log(`instance ${n} started (pid ${s.apis[n - 1].pid})`);
    }
    default:
      console.error(
        'usage: npm run prod-shape -- start|stop|status|restart [n]|kill <n>|revive <n> [--base-port N] [--dir D] [--database-url URL] [--fresh] [--no-prometheus]',
      );
      process.exit(2);
  }
}

if (import.meta.url === `file://${process.argv[1]}`)
  main().catch((err) => {
    console.error(`prod-shape: ${err.message}`);
    process.exit(1);
  });
