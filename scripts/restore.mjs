// npm run restore -- <backup folder>: checks every checksum, restores into an empty DATA_DIR or database, audits the
// result against the manifest (api/src/cli/backup.ts, docs/operations.md "Backup and restore").
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'api/src/cli/backup.ts'), 'restore', ...process.argv.slice(2)], {
  stdio: 'inherit',
  cwd: process.cwd(),
});
process.exit(r.status ?? 1);
