import { writeFileSync } from 'node:fs';
import { opsMain, parseOpsArgs, refusalsAsExitCode, serverFrom } from '../../cli/ops-command';
import type { Db } from '../../platform/db';
import { ApiError } from '../../platform/errors';
import { createFileStorage } from '../files';
import { DEV_OPS_KEY } from '../auth';
import { PassOrderService, type VerificationAction } from './service';

export const OPS_USAGE = `Usage: npm run ops -- verifications list
       npm run ops -- verifications approve <transactionId> [--as <name>]
       npm run ops -- verifications reject <transactionId> --reason "..." [--as <name>]
       npm run ops -- verifications proof <transactionId> <fileId> --out <file>   (save one proof to look at)
       add --server <url> (or set SAWARI_API_URL) to act through a running server's operator API

Operator decisions on pass verifications, through the same service as the /api/ops routes, against the configured
database (DATABASE_URL, else PGlite under DATA_DIR). Each decision is recorded with who (--as, default $USER) and when.
PGlite allows one process per folder: beside a running server that holds DATA_DIR the command acts through that
server by itself, as with --server http://host:port: it then calls /api/ops/verifications with
"authorization: Ops $OPS_KEY" (default ${DEV_OPS_KEY}, refused by a production server) and the decision is recorded
under that key's name.`;

/** What the command needs: the service itself (database mode) or the operator API of a running server. */
export type OpsBackend = Pick<PassOrderService, 'pendingVerifications' | 'transition'> & {
  /** One proof of an order: its kind, content type and bytes. */
  proof(transactionId: string, fileId: string): Promise<{ kind: string; contentType: string; data: Buffer }>;
};

/** Database mode: the service, with proofs read from the configured file storage (DATA_DIR, or the database). */
export function serviceOpsBackend(service: PassOrderService, dataDir: string, db?: Db): OpsBackend {
  const storage = createFileStorage(dataDir, db);
  return {
    pendingVerifications: () => service.pendingVerifications(),
    transition: (...args) => service.transition(...args),
    proof: (transactionId, fileId) => service.proofForReview(transactionId, fileId, storage),
  };
}

/** The operator API of a running server as an OpsBackend (the server records the key's name as the actor). */
export function httpOpsBackend(baseUrl: string, key: string, fetchImpl: typeof fetch = fetch): OpsBackend {
  const base = baseUrl.replace(/\/+$/, '');
  const call = async (path: string, body?: object) => {
    let res: Response;
    try {
      res = await fetchImpl(`${base}/api/ops/verifications${path}`, {
        method: body ? 'POST' : 'GET',
        headers: { authorization: `Ops ${key}`, accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
    } catch (e) {
      throw new ApiError(503, 'SERVER_UNREACHABLE', `No answer from ${base} (${(e as Error).message}).`);
    }
    const text = await res.text();
    let json: Record<string, unknown> = {};
    try {
      json = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      // not JSON: reported below
    }
    if (!res.ok) {
      const code = typeof json.code === 'string' ? json.code : `HTTP_${res.status}`;
      throw new ApiError(res.status, code, typeof json.message === 'string' ? json.message : `The server answered ${res.status}.`);
    }
    return json;
  };
  const actions: Partial<Record<VerificationAction, string>> = { APPROVE: 'approve', REJECT: 'reject' };
  return {
    proof: async (transactionId, fileId) => {
      let res: Response;
      try {
        res = await fetchImpl(`${base}/api/ops/verifications/${encodeURIComponent(transactionId)}/proofs/${encodeURIComponent(fileId)}`, {
          headers: { authorization: `Ops ${key}` },
        });
      } catch (e) {
        throw new ApiError(503, 'SERVER_UNREACHABLE', `No answer from ${base} (${(e as Error).message}).`);
      }
      if (!res.ok) {
        const json = (await res.json().catch(() => ({}))) as Record<string, unknown>;
        throw new ApiError(
          res.status,
          typeof json.code === 'string' ? json.code : `HTTP_${res.status}`,
          typeof json.message === 'string' ? json.message : `The server answered ${res.status}.`,
        );
      }
      return {
        kind: res.headers.get('x-proof-kind') ?? 'PROOF',
        contentType: res.headers.get('content-type') ?? 'application/octet-stream',
        data: Buffer.from(await res.arrayBuffer()),
      };
    },
    pendingVerifications: async () => (await call('')).verifications as Awaited<ReturnType<OpsBackend['pendingVerifications']>>,
    transition: async (transactionId, action, _actor, opts = {}) => {
      const path = actions[action];
      if (!path) throw new ApiError(400, 'NOT_AN_OPERATOR_ACTION', `${action} is not an operator decision.`);
      return (await call(`/${encodeURIComponent(transactionId)}/${path}`, action === 'REJECT' ? { reason: opts.reason ?? '' } : {})) as unknown as Awaited<
        ReturnType<OpsBackend['transition']>
      >;
    },
  };
}

export { serverFrom };

/** Runs one command; answers the exit code. Output goes through `out`/`err` (tests capture them). */
export async function runOps(
  argv: string[],
  svc: OpsBackend,
  out: (s: string) => void,
  err: (s: string) => void,
  who = process.env.USER ?? 'cli',
  viaServer = false,
): Promise<number> {
  const parsed = parseOpsArgs(
    argv,
    { reason: { type: 'string' }, as: { type: 'string' }, out: { type: 'string' }, server: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    OPS_USAGE,
    err,
  );
  if (!parsed) return 2;
  if (viaServer && parsed.values.as !== undefined) {
    err("--as names the operator in database mode only: through a server, the decision is recorded under the ops key's name (OPS_KEY).");
    return 2;
  }
  const [group, command, transactionId, fileId] = parsed.positionals;
  if (parsed.values.help || group !== 'verifications' || !command) {
    (parsed.values.help ? out : err)(OPS_USAGE);
    return parsed.values.help ? 0 : 2;
  }
  const actor = `ops:${parsed.values.as ?? who}`;
  return refusalsAsExitCode(err, async () => {
    if (command === 'list') {
      const list = await svc.pendingVerifications();
      if (!list.length) out('No orders wait for verification.');
      for (const v of list)
        out(
          `${v.transactionId}  ${v.city}  ${v.configurationId}/${v.categoryId}/${v.fmId}  start ${v.passStartDate}  proofs ${v.proofs.map((p) => `${p.kind}:${p.fileId}`).join(' ')}`,
        );
      return 0;
    }
    if (command === 'proof' && transactionId && fileId) {
      if (!parsed.values.out?.trim()) {
        err('Say where to save the proof: --out <file>');
        return 2;
      }
      const proof = await svc.proof(transactionId, fileId);
      writeFileSync(parsed.values.out, proof.data);
      out(`${proof.kind} ${proof.contentType} ${proof.data.length} bytes saved to ${parsed.values.out}`);
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
  });
}

if (require.main === module) {
  opsMain({
    devKey: DEV_OPS_KEY,
    remote: (server, key, argv) => runOps(argv, httpOpsBackend(server, key), console.log, console.error, undefined, true),
    local: (db, config, argv) => runOps(argv, serviceOpsBackend(new PassOrderService(db, Date.now), config.dataDir, db), console.log, console.error),
  });
}
