// npm run ops -- verifications list|approve <transactionId>|reject <transactionId> --reason "..." (docs/passes.md)
// npm run ops -- reservations trips|cancel|move|vehicle ... (docs/reservations.md)
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cli = process.argv[2] === 'reservations' ? 'api/src/modules/reservations/ops-cli.ts' : 'api/src/modules/passes/ops-cli.ts';
const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, cli), ...process.argv.slice(2)], { stdio: 'inherit', cwd: process.cwd() });
process.exit(r.status ?? 1);
