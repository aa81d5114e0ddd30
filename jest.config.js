// One jest run, three projects: fast pure/unit tests (jsdom where a test asks for it), API tests on PGlite (node), and
// the same API tests on a PostgreSQL server (`api-pg`, when scripts/test.mjs found one: SAWARI_TEST_PG_URL). In one run
// the two workers take files from all three, longest first (scripts/jest/sequencer.js), so neither core waits for a
// pass to end (docs/testing.md "The suite"). All compile TypeScript with @swc/jest (tsc only type-checks).
const swc = { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2022' } };
// What @swc/jest compiles: our sources, and the packages that ship only as ES modules, wherever they are nested:
// cookie@2 (used by light-my-request, so by fastify.inject), content-disposition@1 (mercurius' @fastify/static) and
// quick-lru (which mercurius loads with import(), so mercurius is compiled too: jest's VM refuses import()) and jose
// (access tokens). Every other module, node_modules included, is only wrapped so that its built-ins are local bindings
// (scripts/jest/transform.js: look-ups on jest's sandbox global made CPU-bound code several times slower).
const compile = /^(?!.*\/node_modules\/)|\/node_modules\/(cookie|content-disposition|mercurius|quick-lru|jose)\/(?!.*\/node_modules\/)/;
const common = {
  transform: { '^.+\\.(cjs|js|jsx|ts|tsx)$': ['<rootDir>/scripts/jest/transform.js', { compile: compile.source, swc }] },
  moduleNameMapper: { '\\.(css)$': '<rootDir>/scripts/jest/style-stub.js' },
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '/e2e/'],
  transformIgnorePatterns: [],
};
// Every remote folder (mf-*) is picked up: a new remote needs no line here.
const remotes = require('node:fs')
  .readdirSync(__dirname, { withFileTypes: true })
  .filter((d) => d.isDirectory() && d.name.startsWith('mf-'))
  .map((d) => `<rootDir>/${d.name}`);
const api = {
  ...common,
  displayName: 'api',
  testEnvironment: 'node',
  roots: ['<rootDir>/api'],
  testMatch: ['**/*.test.ts'],
  // Migrated and seeded once per run; each file's database starts as a copy (api/src/testing/test-templates.ts).
  globalSetup: '<rootDir>/api/src/testing/jest-global-setup.ts',
  globalTeardown: '<rootDir>/api/src/testing/jest-global-teardown.ts',
};
module.exports = {
  // Global only (jest ignores it inside a project): PGlite's first start and the Kochi import take seconds.
  testTimeout: 60000,
  testSequencer: '<rootDir>/scripts/jest/sequencer.js',
  // A worker that grew past this after a file is replaced by a fresh one: PGlite's WebAssembly memory and jsdom
  // windows are not all given back between files, and a worker that had run a few hundred files reached 6 GB and spent
  // its time collecting garbage (seen in this suite's one-run shape; docs/testing.md "The suite").
  workerIdleMemoryLimit: '1536MB',
  projects: [
    {
      ...common,
      displayName: 'unit',
      testEnvironment: 'node',
      roots: ['<rootDir>/shared', '<rootDir>/shell', ...remotes, '<rootDir>/docs', '<rootDir>/scripts/jest'],
      testMatch: ['**/*.test.ts', '**/*.test.tsx'],
      setupFiles: ['<rootDir>/scripts/jest/jsdom-globals.js'],
    },
    api,
    // The API tests again, each file on a database of its own on that server (TEST_DATABASE_URL, set per file).
    ...(process.env.SAWARI_TEST_PG_URL
      ? [
          {
            ...api,
            displayName: 'api-pg',
            globalSetup: '<rootDir>/api/src/testing/jest-postgres-setup.ts',
            setupFiles: ['<rootDir>/api/src/testing/jest-postgres-env.ts'],
          },
        ]
      : []),
  ],
};
