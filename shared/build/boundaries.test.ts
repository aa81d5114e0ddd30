// The lint guard (eslint.config.mjs) refuses each crossed boundary and a circle. Every probe is linted as if it were
// a file at that path (ESLint's lintText with a filePath; nothing is written). One child process: ESLint loads the
// ES-module config with import(), which jest's VM does not allow.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');

type Probe = { file: string; code: string; expect: RegExp | null };
const probes: Probe[] = [
  { file: 'shared/domain/src/zz-probe.ts', code: "import { x } from '@sawari/contracts';\nexport const y = x;\n", expect: /shared\/domain is pure rules/ },
  {
    file: 'shared/contracts/src/zz-probe.ts',
    code: "import { api } from '@sawari/runtime';\nexport const y = api;\n",
    expect: /shared\/contracts may import shared\/domain only/,
  },
  { file: 'shared/runtime/src/zz-probe.ts', code: "import { Button } from '@sawari/ui';\nexport const y = Button;\n", expect: /shared\/runtime may import/ },
  {
    file: 'shared/ui/src/zz-probe.ts',
    code: "import { routes } from '../../../shell/src/routes';\nexport const y = routes;\n",
    expect: /shared\/ui may import/,
  },
  {
    file: 'mf-airport/src/zz-probe.ts',
    code: "import { routes } from '../../mf-passes/src/routes';\nexport const y = routes;\n",
    expect: /mf-airport imports no other remote/,
  },
  {
    file: 'mf-airport/src/zz-probe.ts',
    code: "import { KIOSK_PREFIX } from '../../shell/src/routing';\nexport const y = KIOSK_PREFIX;\n",
    expect: /mf-airport imports no other remote, nor the shell/,
  },
  {
    file: 'shell/src/zz-probe.ts',
    code: "import { routes } from '../../mf-tickets/src/routes';\nexport const y = routes;\n",
    expect: /the shell never imports a remote/,
  },
  {
    file: 'api/src/zz-probe.ts',
    code: "import { api } from '@sawari/runtime';\nexport const y = api;\n",
    expect: /the API may import shared\/domain and shared\/contracts only/,
  },
  { file: 'api/src/platform/zz-probe.ts', code: "import * as m from '../modules/payments';\nexport const y = m;\n", expect: /platform knows no module/ },
  {
    file: 'api/src/modules/sos/zz-probe.ts',
    code: "import * as s from '../payments/service';\nexport const y = s;\n",
    expect: /module sos may use another module only through its index.ts/,
  },
  {
    file: 'api/src/modules/planner/testing/zz-probe.ts',
    code: "import * as s from '../../transit/store';\nexport const y = s;\n",
    expect: /module planner may use another module only through its index.ts/,
  },
  // allowed: a module's public index, the layers in order, a remote's own files, a test reaching into another module
  { file: 'api/src/modules/sos/zz-probe.test.ts', code: "import * as s from '../payments/service';\nexport const y = s;\n", expect: null },
  {
    file: 'api/src/modules/sos/zz-probe.ts',
    code: "import * as p from '../payments';\nimport * as q from '../payments/index';\nexport const y = [p, q];\n",
    expect: null,
  },
  {
    file: 'mf-airport/src/zz-probe.ts',
    code: "import { api } from '@sawari/runtime';\nimport { Button } from '@sawari/ui';\nimport { routes } from './routes';\nexport const y = [api, Button, routes];\n",
    expect: null,
  },
  // a circle: linted as mf-passes/src/routes.ts, the probe imports manifest.ts, which imports routes.ts
  {
    file: 'mf-passes/src/routes.ts',
    code: "import { manifest } from './manifest';\nexport const routes = manifest.routes;\n",
    expect: /import-x\/no-cycle: Dependency cycle/,
  },
];

const script = `
import { ESLint } from 'eslint';
const probes = JSON.parse(process.argv[1]);
const eslint = new ESLint({ cwd: ${JSON.stringify(ROOT)} });
const out = [];
for (const p of probes) {
  const [r] = await eslint.lintText(p.code, { filePath: ${JSON.stringify(ROOT)} + '/' + p.file });
  out.push(r.messages.map((m) => m.ruleId + ': ' + m.message));
}
console.log(JSON.stringify(out));
`;

describe('lint guard (eslint.config.mjs)', () => {
  let results: string[][];
  beforeAll(() => {
    const res = spawnSync(process.execPath, ['--input-type=module', '-e', script, JSON.stringify(probes)], { cwd: ROOT, encoding: 'utf8', timeout: 120_000 });
    if (res.status !== 0) throw new Error(res.stderr);
    results = JSON.parse(res.stdout.trim().split('\n').pop() as string);
  }, 130_000);

  it.each(probes.map((p, i) => [i, p.file, p.expect ? String(p.expect) : 'no error'] as const))('probe %i (%s): %s', (i) => {
    const { expect: want } = probes[i];
    if (want) expect(results[i].join('\n')).toMatch(want);
    else expect(results[i]).toEqual([]);
  });
});
