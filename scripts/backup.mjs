// npm run backup -- <folder>: a consistent copy of the database and the uploaded files, with a manifest and checksums
// (api/src/cli/backup.ts, docs/operations.md "Backup and restore").
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'api/src/cli/backup.ts'), 'backup', ...process.argv.slice(2)], {
  stdio: 'inherit',
  cwd: process.cwd(),
});
process.exit(r.status ?? 1);
