import { parseArgs } from 'node:util';
import { loadConfig } from '../../platform/config';
import { openDb } from '../../platform/db';
import { ApiError } from '../../platform/errors';
import { migrate } from '../../platform/migrate';
import { PassOrderService } from './service';

export const OPS_USAGE = `Usage: npm run ops -- verifications list
       npm run ops -- verifications approve <transactionId> [--as <name>]
       npm run ops -- verifications reject <transactionId> --reason "..." [--as <name>]

Operator decisions on pass verifications, through the same service as the /api/ops routes, against the configured
database (DATABASE_URL, else PGlite under DATA_DIR). Each decision is recorded with who (--as, default $USER) and when.
Stop a running server that uses the same PGlite directory first: PGlite allows one process at a time.`;

/** Runs one command; answers the exit code. Output goes through `out`/`err` (tests capture them). */
export async function runOps(argv: string[], svc: PassOrderService, out: (s: string) => void, err: (s: string) => void, who = process.env.USER ?? 'cli'): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options: { reason: { type: 'string' }, as: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
  } catch (e) {
    err(`${(e as Error).message}\n\n${OPS_USAGE}`);
    return 2;
  }
  const [group, command, transactionId] = parsed.positionals;
  if (parsed.values.help || group !== 'verifications' || !command) {
    (parsed.values.help ? out : err)(OPS_USAGE);
    return parsed.values.help ? 0 : 2;
  }
  const actor = `ops:${parsed.values.as ?? who}`;
  try {
    if (command === 'list') {
      const list = await svc.pendingVerifications();
      if (!list.length) out('No orders wait for verification.');
      for (const v of list) out(`${v.transactionId}  ${v.city}  ${v.configurationId}/${v.categoryId}/${v.fmId}  start ${v.passStartDate}  proofs ${v.proofs.map((p) => `${p.kind}:${p.fileId}`).join(' ')}`);
      return 0;
    }
    if ((command === 'approve' || command === 'reject') && transactionId) {
      if (command === 'reject' && !parsed.values.reason?.trim()) {
        err('Give the rider a reason: --reason "..."');
        return 2;
      }
      const o = await svc.transition(transactionId, command === 'approve' ? 'APPROVE' : 'REJECT', actor, { reason: parsed.values.reason });
      out(`${o.transactionId}: ${o.status}${o.verificationStatus ? ` (${o.verificationStatus})` : ''}${o.rejectionReason ? `: ${o.rejectionReason}` : ''}`);
      return 0;
    }
    err(OPS_USAGE);
    return 2;
  } catch (e) {
    if (e instanceof ApiError) {
      err(`${e.code}: ${e.message}`);
      return 1;
    }
    throw e;
  }
}

if (require.main === module) {
  (async () => {
    const config = loadConfig();
    const db = await openDb(config);
    try {
      await migrate(db);
      return await runOps(process.argv.slice(2), new PassOrderService(db, Date.now), console.log, console.error);
    } finally {
      await db.close();
    }
  })().then((code) => process.exit(code), (e) => {
    console.error(`ops failed: ${(e as Error).message}`);
    process.exit(1);
  });
}
