// `npm run terminal -- tap <card> --fare <₹>`: what a bus validator does when a transit card is tapped, for people
// (demos, support, tests): reads the card, has the server write its pending loads and take the fare, prints the new
// chip balance. It talks to a running server's terminal API like a real validator (docs/cards.md).
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { formatPaise, maskedFromLast4, normalizeCardNumber } from '@sawari/domain';
import type { TerminalTapResponse } from '@sawari/contracts';
import { dataFolderHolder } from '../platform/data-folder-lock';

export const TERMINAL_USAGE = `Usage: npm run terminal -- tap <card number> --fare <rupees> [--route <name>] [--valid-thru YYYY-MM] [--tap-id <id>] [--terminal <id>]
       npm run terminal -- block <card number>      (the issuer's hotlist: its unwritten loads are refunded)
       npm run terminal -- unblock <card number>
Options: --server <url> (default $SAWARI_API_URL, else the server holding DATA_DIR's PGlite folder, else http://localhost:8080)
         --key <validator key> (default $VALIDATOR_KEY or sawari-dev-validator; block/unblock use $OPS_KEY or sawari-dev-ops)
A tap is sent with a new tap id unless --tap-id repeats one: the server applies a tap id once and replays its answer.`;

export interface TerminalIo {
  fetch: typeof fetch;
  env: Record<string, string | undefined>;
  out: (line: string) => void;
}

/** Rupees as typed ("25", "12.50") to paise; null when it is not an amount. */
export function rupeesToPaise(value: string): number | null {
  if (!/^\d{1,5}(\.\d{1,2})?$/.test(value)) return null;
  const [whole, frac = ''] = value.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
}

/** Runs one command; answers the process exit code (0 done, 1 refused by the server, 2 bad usage). */
export async function runTerminal(argv: string[], io: TerminalIo): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        fare: { type: 'string' },
        route: { type: 'string' },
        'valid-thru': { type: 'string' },
        'tap-id': { type: 'string' },
        terminal: { type: 'string' },
        server: { type: 'string' },
        key: { type: 'string' },
        help: { type: 'boolean' },
      },
    });
  } catch (err) {
    io.out(`${(err as Error).message}\n${TERMINAL_USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  const [command, card] = positionals;
  if (values.help || !command || !card || positionals.length > 2 || !['tap', 'block', 'unblock'].includes(command)) {
    io.out(TERMINAL_USAGE);
    return values.help ? 0 : 2;
  }
  const server = (values.server ?? io.env.SAWARI_API_URL ?? 'http://localhost:8080').replace(/\/+$/, '');
  const cardNumber = normalizeCardNumber(card);
  let res: Response;
  try {
    if (command === 'tap') {
      const farePaise = values.fare === undefined ? null : rupeesToPaise(values.fare);
      if (farePaise === null) {
        io.out(`--fare <rupees> is required (for example --fare 25 or --fare 12.50).\n${TERMINAL_USAGE}`);
        return 2;
      }
      const body = {
        tapId: values['tap-id'] ?? `cli-${randomUUID()}`,
        cardNumber,
        farePaise,
        ...(values.route ? { routeName: values.route } : {}),
        ...(values['valid-thru'] ? { validThru: values['valid-thru'] } : {}),
        ...(values.terminal ? { terminalId: values.terminal } : {}),
      };
      res = await io.fetch(`${server}/api/cards/v1/terminal/taps`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Validator ${values.key ?? io.env.VALIDATOR_KEY ?? 'sawari-dev-validator'}` },
        body: JSON.stringify(body),
      });
    } else {
      res = await io.fetch(`${server}/api/ops/cards/block`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Ops ${values.key ?? io.env.OPS_KEY ?? 'sawari-dev-ops'}` },
        body: JSON.stringify({ cardNumber, blocked: command === 'block' }),
      });
    }
  } catch (err) {
    io.out(`Could not reach ${server}: ${(err as Error).message}`);
    return 1;
  }
  const answer = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (!res.ok) {
    io.out(`Refused (${res.status} ${String(answer.code ?? '')}): ${String(answer.message ?? '')}`);
    return 1;
  }
  if (command !== 'tap') {
    const refunded = (answer.refundedOrderIds as string[]) ?? [];
    io.out(
      `Card ${maskedFromLast4(cardNumber.slice(-4))} is now ${String(answer.status)}.${refunded.length ? ` Refunded ${refunded.length} unwritten recharge(s): ${refunded.join(', ')}` : ''}`,
    );
    return 0;
  }
  const t = answer as unknown as TerminalTapResponse;
  io.out(`Card ${maskedFromLast4(t.last4)} (${t.kind === 'ncmc' ? 'NCMC' : 'city card'}), tap ${t.tapId}`);
  io.out(`  balance before  ${formatPaise(t.previousBalancePaise)}`);
  for (const w of t.written) io.out(`  written load    +${formatPaise(w.amountPaise)} (${w.orderId})`);
  io.out(t.status === 'ACCEPTED' ? `  fare            −${formatPaise(t.farePaise)}` : `  DECLINED        ${String(t.declineReason)}`);
  io.out(`  balance now     ${formatPaise(t.balancePaise)}`);
  return t.status === 'ACCEPTED' ? 0 : 1;
}

/** Without --server or SAWARI_API_URL: the server that holds the PGlite data folder (DATA_DIR's lock), if one does. */
export function serverHoldingDataDir(env: Record<string, string | undefined>): string | undefined {
  if (env.DATABASE_URL || env.DATA_DIR === 'memory://') return undefined;
  const h = dataFolderHolder(path.resolve(env.DATA_DIR || './.data'));
  return h?.role === 'server' && h.url ? h.url : undefined;
}

if (require.main === module) {
  const argv = process.argv.slice(2);
  const named = argv.some((a) => a === '--server' || a.startsWith('--server=')) || !!process.env.SAWARI_API_URL;
  const held = named ? undefined : serverHoldingDataDir(process.env);
  runTerminal(argv, { fetch, env: held ? { ...process.env, SAWARI_API_URL: held } : process.env, out: (l) => console.log(l) }).then(
    (code) => (process.exitCode = code),
  );
}
