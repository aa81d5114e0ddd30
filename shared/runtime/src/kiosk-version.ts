// A kiosk board checks for a new version of itself (docs/airport-timings.md "Kiosks that heal themselves"). Plain
// DOM, no React: used by the shell's federated kiosk (shell/src/kiosk.ts) and by mf-airport's standalone kiosk page
// (imported by file, so that page loads nothing else of the runtime).
import { kioskVersionCheckMs, nextQuietMoment } from '@sawari/domain/src/kiosk';

/** The fields of a remotes.json line a kiosk needs. */
export type KioskRemote = { name: string; version: string; entry: string };

/** Where the check stands, on <html> for operators and the e2e: `data-kiosk-version`, `data-kiosk-update`. */
const mark = (key: 'kioskVersion' | 'kioskUpdate' | 'kioskChecked', value: string) => (document.documentElement.dataset[key] = value);

/**
 * Every 15 minutes (or the test-only `?version-check-s=` interval) ask /app/remotes.json which version of this board's
 * remote is deployed. When it differs from the one this page runs, check that the new version answers (its entry),
 * then reload at the next quiet moment (2 s after a minute tick): the reload loads the new version. A failed check
 * changes nothing; the next one tries again. Answers `stop`.
 */
export function watchKioskVersion(remote: KioskRemote, fetchImpl: typeof fetch = fetch, reload: () => void = () => location.reload()): () => void {
  mark('kioskVersion', remote.version);
  let reloadTimer: ReturnType<typeof setTimeout> | undefined;
  let checking = false;
  const check = async () => {
    if (checking || reloadTimer) return;
    checking = true;
    try {
      const res = await fetchImpl('/app/remotes.json', { cache: 'no-store' });
      if (!res.ok) return;
      const body = (await res.json()) as { remotes?: KioskRemote[] };
      const deployed = body.remotes?.find((r) => r.name === remote.name);
      mark('kioskChecked', String(Date.now()));
      if (!deployed || deployed.version === remote.version || deployed.entry === remote.entry) return;
      const entry = await fetchImpl(deployed.entry, { cache: 'no-store' });
      if (!entry.ok) return; // not reachable yet: the next check tries again
      mark('kioskUpdate', deployed.version);
      reloadTimer = setTimeout(reload, nextQuietMoment(Date.now()) - Date.now());
    } catch {
      /* offline or the server is down: the board keeps running; the next check tries again */
    } finally {
      checking = false;
    }
  };
  const interval = setInterval(() => void check(), kioskVersionCheckMs(location.search));
  return () => {
    clearInterval(interval);
    clearTimeout(reloadTimer);
  };
}
