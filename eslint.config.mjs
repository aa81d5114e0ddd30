// ESLint as a guard of the architecture (docs/architecture.md "Import boundaries"), run by `npm test` (`npm run lint`).
// Not a style linter: formatting is Prettier's (`npm run format:check`), types are tsc's. What fails here is a crossed
// boundary or a circle of imports:
//   domain ← contracts ← runtime ← ui ← remotes / shell   (each may import only what is left of it)
//   api may import domain and contracts only; api/src/platform knows no module; a module imports another module only
//   through its public index.ts; no remote imports another remote or the shell, and the shell imports no remote.
// Exceptions that exist today are listed below by name, each with the reason; new ones are decided in review.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tseslint from 'typescript-eslint';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';

const ROOT = path.dirname(fileURLToPath(import.meta.url));
const dirs = (parent, test) =>
  fs.existsSync(path.join(ROOT, parent))
    ? fs
        .readdirSync(path.join(ROOT, parent), { withFileTypes: true })
        .filter((d) => d.isDirectory() && test(d.name))
        .map((d) => d.name)
        .sort()
    : [];
const REMOTES = dirs('.', (n) => n.startsWith('mf-'));
const API_MODULES = dirs('api/src/modules', () => true);

/**
 * Deep imports between API modules allowed by name ("<importer> -> <module>/<file>.ts"). Empty: every module is used
 * through its public index.ts. Do not add entries; export the thing from the other module's index instead.
 */
const MODULE_DEEP_IMPORTS_ALLOWED = [];

/** no-restricted-paths zones: the layers, the API modules, the remotes. */
function boundaryZones() {
  const zones = [];
  const forbid = (target, from, message, except) => zones.push({ target, from, message, ...(except ? { except } : {}) });
  const WEB = ['./shell', ...REMOTES.map((r) => `./${r}`)];
  forbid(
    './shared/domain',
    ['./shared/contracts', './shared/runtime', './shared/ui', './shared/build', './api', ...WEB],
    'shared/domain is pure rules: it imports no other package.',
  );
  forbid('./shared/contracts', ['./shared/runtime', './shared/ui', './shared/build', './api', ...WEB], 'shared/contracts may import shared/domain only.');
  forbid('./shared/runtime', ['./shared/ui', './shared/build', './api', ...WEB], 'shared/runtime may import shared/domain and shared/contracts only.');
  forbid('./shared/ui', ['./shared/build', './api', ...WEB], 'shared/ui may import shared/domain, contracts and runtime only.');
  forbid('./api', ['./shared/runtime', './shared/ui', './shared/build', ...WEB], 'the API may import shared/domain and shared/contracts only.');
  forbid('./api/src/platform', ['./api/src/modules'], 'api/src/platform knows no module: the composition root (api/src/app) wires them.');
  forbid(
    './shell',
    REMOTES.map((r) => `./${r}`),
    'the shell never imports a remote: it loads remotes at run time from remotes.json.',
  );
  for (const r of REMOTES) {
    forbid(
      `./${r}`,
      [...REMOTES.filter((o) => o !== r).map((o) => `./${o}`), './shell', './api'],
      `${r} imports no other remote, nor the shell, nor the API: share through shared/*, talk through the API.`,
    );
  }
  // One zone per module (not one per pair of modules: 380 zones made this rule 73 % of ESLint's time, 24 s): the
  // modules' folder is forbidden to the module's files except its own folder and the other modules' index.ts.
  for (const m of API_MODULES) {
    const others = API_MODULES.filter((o) => o !== m);
    const allowed = MODULE_DEEP_IMPORTS_ALLOWED.filter((a) => a.startsWith(`${m} -> `)).map((a) => `./${a.split(' -> ')[1]}`);
    zones.push({
      // every source file of the module, at any depth; tests and test helpers (testing.ts) may reach in
      target: `./api/src/modules/${m}/**/!(*.test|testing).ts`,
      from: './api/src/modules',
      except: [`./${m}`, ...others.map((o) => `./${o}/index.ts`), ...allowed],
      message: `api module ${m} may use another module only through its index.ts (api/src/modules/<module>/index.ts).`,
    });
  }
  return zones;
}

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', 'test-results/**', '.data/**', '**/*.d.ts', 'coverage/**'],
  },
  {
    files: ['**/*.{ts,tsx,mts,cts}', 'shared/build/**/*.js', 'scripts/**/*.mjs', 'eslint.config.mjs'],
    languageOptions: { parser: tseslint.parser, ecmaVersion: 'latest', sourceType: 'module' },
    // Disable comments for rules this guard does not run (style rules some files mention) are not errors.
    linterOptions: { reportUnusedDisableDirectives: 'off' },
    plugins: { 'import-x': importX, '@typescript-eslint': tseslint.plugin, 'react-hooks': reactHooks },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: path.join(ROOT, 'tsconfig.json'), alwaysTryTypes: false })],
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs', '.cjs'],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: boundaryZones() }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      // A hook called conditionally breaks React's state at run time: a guard, not style.
      'react-hooks/rules-of-hooks': 'error',
    },
  },
  {
    // CommonJS build helpers and the webpack configs.
    files: ['shared/build/**/*.js', '**/webpack.config.js'],
    languageOptions: { sourceType: 'commonjs' },
  },
);
