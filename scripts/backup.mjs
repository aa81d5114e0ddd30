// npm run backup -- <folder>: a consistent copy of the database and the uploaded files, with a manifest and checksums
// (api/src/cli/backup.ts, docs/operations.md "Backup and restore").
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// A relative folder is where the command was typed (npm runs scripts from the repository's root, where DATA_DIR is).
const args = process.argv.slice(2).map((a) => (a.startsWith('-') ? a : path.resolve(process.env.INIT_CWD ?? process.cwd(), a)));
const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'api/src/cli/backup.ts'), 'backup', ...args], {
  stdio: 'inherit',
  cwd: process.cwd(),
});
process.exit(r.status ?? 1);
