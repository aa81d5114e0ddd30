// npm run ops -- verifications list|approve <transactionId>|reject <transactionId> --reason "..." (docs/passes.md)
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'api/src/modules/passes/ops-cli.ts'), ...process.argv.slice(2)], { stdio: 'inherit', cwd: process.cwd() });
process.exit(r.status ?? 1);
