import fs from 'node:fs';
import path from 'node:path';

// platform/ knows no module and no composition; no import circle anywhere in the API (type-only
// imports count too: a circle of types is still a circle a reader must untangle).
const apiSrc = path.resolve(__dirname, '..');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'fixtures' ? [] : sourceFiles(p);
    return /\.ts$/.test(e.name) && !/\.test\.ts$/.test(e.name) ? [p] : [];
  });
}

/** Relative imports of a file, resolved to files (x.ts or x/index.ts); without `import type` when `values` is set. */
function importsOf(file: string, values = false): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const statements = [...text.matchAll(/(?:^|\n)\s*((?:import|export)\s[^;]*?from\s+'(\.[^']+)')/g)].filter(
    (m) => !values || !/^(import|export)\s+type\s/.test(m[1]),
  );
  const specs = [...statements.map((m) => m[2]), ...[...text.matchAll(/import\('(\.[^']+)'\)/g)].map((m) => m[1])];
  return specs.flatMap((s) => {
    const base = path.resolve(path.dirname(file), s);
    return [`${base}.ts`, path.join(base, 'index.ts')].filter((c) => fs.existsSync(c)).slice(0, 1);
  });
}

describe('API import boundaries', () => {
  const files = sourceFiles(apiSrc);
  const graph = new Map(files.map((f) => [f, importsOf(f)]));
  const valueGraph = new Map(files.map((f) => [f, importsOf(f, true)]));

  it('platform/ imports no module and not the composition root', () => {
    const crossing = files
      .filter((f) => f.startsWith(path.join(apiSrc, 'platform') + path.sep))
      .flatMap((f) =>
        graph
          .get(f)!
          .filter((d) => !d.startsWith(path.join(apiSrc, 'platform') + path.sep))
          .map((d) => `${path.relative(apiSrc, f)} -> ${path.relative(apiSrc, d)}`),
      );
    expect(crossing).toEqual([]);
  });

  it('has no import circle', () => {
    const state = new Map<string, 'open' | 'done'>();
    const circles: string[] = [];
    const visit = (f: string, trail: string[]) => {
      if (state.get(f) === 'done') return;
      if (state.get(f) === 'open') {
        circles.push([...trail.slice(trail.indexOf(f)), f].map((x) => path.relative(apiSrc, x)).join(' -> '));
        return;
      }
      state.set(f, 'open');
      for (const d of valueGraph.get(f) ?? []) visit(d, [...trail, f]);
      state.set(f, 'done');
    };
    for (const f of files) visit(f, []);
    expect(circles).toEqual([]);
    expect(files.length).toBeGreaterThan(100);
  });
});
