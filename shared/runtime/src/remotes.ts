// The remotes this page runs with, as /app/remotes.json lists them (generated from each remote's manifest,
// shared/runtime/src/manifest.ts). The shell's layout sets them once at start; Home's tiles, the checkout's order kinds
// and return paths, and the session hooks read them here, so nothing the remotes contribute is hard-coded in the shell.
import { atom } from 'jotai';
import { BASE_PATH } from './paths';
import { sawariStore } from './store';
import type { CheckoutKind, HomeTile, LanguageCode, LocalisedText, RemoteEntry } from './manifest';

export const deployedRemotesAtom = atom<readonly RemoteEntry[]>([]);

/** Called by the shell with remotes.json's list (entries of an older remotes.json lack the manifest fields). */
export function setDeployedRemotes(remotes: readonly Partial<RemoteEntry>[]): void {
  sawariStore.set(
    deployedRemotesAtom,
    remotes
      .filter(
        (r): r is Partial<RemoteEntry> & Pick<RemoteEntry, 'name' | 'dir' | 'version' | 'entry' | 'prefixes'> =>
          typeof r?.name === 'string' && Array.isArray(r.prefixes),
      )
      .map((r) => ({ checkout: {}, homeTiles: [], hooks: {}, offline: { databases: [] }, ...r })),
  );
}

export const deployedRemotes = (): readonly RemoteEntry[] => sawariStore.get(deployedRemotesAtom);

/** Whether a deployed remote serves `path` (below the /app base path, e.g. /your-tickets-and-passes). */
export function isServed(path: string, remotes: readonly RemoteEntry[] = deployedRemotes()): boolean {
  const full = BASE_PATH + path.split(/[?#]/)[0];
  return remotes.some((r) => r.prefixes.some((p) => full === BASE_PATH + p || full.startsWith(BASE_PATH + p + '/')));
}

/** Home's tiles: every deployed remote's, lowest `order` first (then by remote name, stable). */
export function homeTiles(remotes: readonly RemoteEntry[] = deployedRemotes()): (HomeTile & { remote: string })[] {
  return remotes
    .flatMap((r) => r.homeTiles.map((t) => ({ ...t, remote: r.name })))
    .sort((a, b) => a.order - b.order || (a.remote < b.remote ? -1 : a.remote > b.remote ? 1 : 0));
}

/** The order kinds the checkout can take: those a deployed remote declares. */
export function checkoutKinds(remotes: readonly RemoteEntry[] = deployedRemotes()): Record<string, CheckoutKind> {
  return Object.assign({}, ...remotes.map((r) => r.checkout));
}

/** A text of a manifest in `lang`, English when that language is missing. */
export const localised = (text: LocalisedText, lang: string): string => text[lang as LanguageCode] ?? text.en;
