// One jest run, two projects: fast pure/unit tests (jsdom where a test asks for it) and API tests (node, PGlite or
// PostgreSQL). Both compile TypeScript with @swc/jest (TypeScript's own compiler is only used to type-check).
const swc = ['@swc/jest', { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2022' } }];
const common = {
  transform: { '^.+\\.(t|j)sx?$': swc },
  moduleNameMapper: { '\\.(css)$': '<rootDir>/scripts/jest/style-stub.js' },
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '/e2e/'],
};
module.exports = {
  projects: [
    { ...common, displayName: 'unit', testEnvironment: 'node', roots: ['<rootDir>/shared', '<rootDir>/shell', '<rootDir>/mf-airport'], testMatch: ['**/*.test.ts', '**/*.test.tsx'] },
    { ...common, displayName: 'api', testEnvironment: 'node', roots: ['<rootDir>/api'], testMatch: ['**/*.test.ts'], testTimeout: 60000 },
  ],
};
