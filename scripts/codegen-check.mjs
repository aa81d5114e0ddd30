#!/usr/bin/env node
// Is the committed GraphQL codegen output (shared/contracts/src/generated/) what `npm run codegen` writes from today's
// schema and operations? Generates into a temporary folder (CODEGEN_OUT, see codegen.ts) and compares file by file:
// a changed, missing or extra file fails with "run npm run codegen". Part of `npm test` (step `codegen`).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const committed = path.join(root, 'shared/contracts/src/generated');
const fresh = mkdtempSync(path.join(tmpdir(), 'sawari-codegen-'));
try {
  const r = spawnSync(path.join(root, 'node_modules/.bin/graphql-codegen'), ['--config', 'codegen.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, CODEGEN_OUT: fresh },
  });
  if (r.status !== 0) {
    console.error('codegen failed: the schema or an operation (*.graphql) is invalid (message above).');
    process.exit(1);
  }
  const list = (dir) => (existsSync(dir) ? readdirSync(dir).sort() : []);
  const names = [...new Set([...list(committed), ...list(fresh)])].sort();
  const stale = names.filter((n) => {
    const a = path.join(committed, n);
    const b = path.join(fresh, n);
    return !existsSync(a) || !existsSync(b) || readFileSync(a, 'utf8') !== readFileSync(b, 'utf8');
  });
  if (stale.length) {
    console.error(`GraphQL codegen output is out of date (${stale.join(', ')}): run npm run codegen and commit shared/contracts/src/generated/.`);
    process.exit(1);
  }
  console.log(`GraphQL codegen output up to date (${names.length} files).`);
} finally {
  rmSync(fresh, { recursive: true, force: true });
}
