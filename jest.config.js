// One jest run, two projects: fast pure/unit tests (jsdom where a test asks for it) and API tests (node, PGlite or
// PostgreSQL). Both compile TypeScript with @swc/jest (TypeScript's own compiler is only used to type-check).
const swc = ['@swc/jest', { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2022' } }];
const common = {
  transform: { '^.+\\.(t|j)sx?$': swc },
  moduleNameMapper: { '\\.(css)$': '<rootDir>/scripts/jest/style-stub.js' },
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '/e2e/'],
  // cookie@2 (used by light-my-request, so by fastify.inject), content-disposition@1 (mercurius' @fastify/static) and
  // quick-lru (which mercurius loads with import(), so mercurius is compiled too: jest's VM refuses import())
  // and jose (access tokens)
  // ship only as ES modules: compile them like our sources, wherever they are nested.
  transformIgnorePatterns: ['/node_modules/(?!(cookie|content-disposition|mercurius|quick-lru|jose)/)(?!.*/node_modules/)'],
};
// Every remote folder (mf-*) is picked up: a new remote needs no line here.
const remotes = require('node:fs')
  .readdirSync(__dirname, { withFileTypes: true })
  .filter((d) => d.isDirectory() && d.name.startsWith('mf-'))
  .map((d) => `<rootDir>/${d.name}`);
module.exports = {
  // Global only (jest ignores it inside a project): PGlite's first start and the Kochi import take seconds.
  testTimeout: 60000,
  projects: [
    {
      ...common,
      displayName: 'unit',
      testEnvironment: 'node',
      roots: ['<rootDir>/shared', '<rootDir>/shell', ...remotes],
      testMatch: ['**/*.test.ts', '**/*.test.tsx'],
      setupFiles: ['<rootDir>/scripts/jest/jsdom-globals.js'],
    },
    { ...common, displayName: 'api', testEnvironment: 'node', roots: ['<rootDir>/api'], testMatch: ['**/*.test.ts'] },
  ],
};
