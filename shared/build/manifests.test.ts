// Every remote's manifest (mf-*/src/manifest.ts) as the build will publish it: a mistake fails here, before a build.
import fs from 'node:fs';
import path from 'node:path';
import { createRemoteEntry, createRemotesDocument, LANGUAGE_CODES } from './manifest.js';
import { derivePrefixes } from './remotes.js';
import { routes as shellRoutes } from '../../shell/src/routes';

const ROOT = path.resolve(__dirname, '../..');
const remoteDirs = fs.readdirSync(ROOT).filter((d) => d.startsWith('mf-') && fs.existsSync(path.join(ROOT, d, 'webpack.config.js')));

function catalogsOf(dir: string): Record<string, Record<string, string>> {
  const out: Record<string, Record<string, string>> = {};
  for (const lang of LANGUAGE_CODES) {
    const file = path.join(ROOT, dir, 'src/i18n', `${lang}.json`);
    if (fs.existsSync(file)) out[lang] = JSON.parse(fs.readFileSync(file, 'utf8'));
  }
  return out;
}

describe('the remotes’ manifests', () => {
  const entries = remoteDirs.map((dir) => {
    const { manifest } = require(path.join(ROOT, dir, 'src/manifest.ts'));
    return createRemoteEntry({ name: dir.replace(/-/g, '_'), dir, version: '000000000000', manifest, catalogs: catalogsOf(dir) });
  });

  it('exist for every remote and are valid together, beside the shell’s own routes', () => {
    expect(remoteDirs.length).toBeGreaterThanOrEqual(4);
    const doc = createRemotesDocument(entries, derivePrefixes(shellRoutes.filter((r) => r.path !== '/')));
    expect(doc.remotes.map((r: { dir: string }) => r.dir)).toEqual(remoteDirs);
  });

  it('keep each remote’s route table as its spa renders it (the manifest refers to src/routes.ts)', () => {
    for (const [i, dir] of remoteDirs.entries()) {
      if (!fs.existsSync(path.join(ROOT, dir, 'src/routes.ts'))) continue;
      const { routes } = require(path.join(ROOT, dir, 'src/routes.ts'));
      expect(entries[i].prefixes).toEqual(derivePrefixes(routes));
    }
  });

  it('declare the order kinds passes and tickets sell today', () => {
    const kinds = Object.assign({}, ...entries.map((e) => e.checkout));
    expect(kinds.pass.returnPath).toBe('/productHooks/bus-pass-purchase/booking-successful/:orderId');
    expect(kinds.ticket.returnPath).toBe('/select-trip/booking-success/:orderId');
  });
});
