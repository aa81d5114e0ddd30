// A standalone kiosk page checks for a new version of its board by itself (docs/airport-timings.md "Kiosks that heal
// themselves"): the same rule as the shell's federated kiosk (shell/src/kiosk.ts), for the page that loads no shell.
import type { KioskRemote } from '@sawari/runtime/src/kiosk-version';

export { watchKioskVersion, type KioskRemote } from '@sawari/runtime/src/kiosk-version';

/** The remote line the server inlined (`<script id="sawari-remotes">`), or null. */
export function servedRemote(doc: Document = document): KioskRemote | null {
  try {
    const body = JSON.parse(doc.getElementById('sawari-remotes')?.textContent ?? 'null') as { remotes?: unknown } | null;
    const line = Array.isArray(body?.remotes) ? (body.remotes[0] as Partial<KioskRemote> | undefined) : undefined;
    if (typeof line?.name !== 'string' || typeof line.version !== 'string' || typeof line.entry !== 'string') return null;
    return { name: line.name, version: line.version, entry: line.entry };
  } catch {
    return null;
  }
}
