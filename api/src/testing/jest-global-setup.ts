import { setUpTemplates } from './test-templates';

/**
 * jest.config.js `api` project: the databases every API test file starts from (test-templates.ts), on PGlite, or on
 * TEST_DATABASE_URL when a developer set it. The `api-pg` project has a setup file of its own (jest runs one global
 * setup per file, whatever the number of projects naming it): jest-postgres-setup.ts.
 */
export default async function globalSetup(): Promise<void> {
  const started = Date.now();
  const url = process.env.TEST_DATABASE_URL || undefined;
  await setUpTemplates(url);
  console.log(`\napi: template databases (${url ? 'PostgreSQL' : 'PGlite'}) migrated and seeded once for this run in ${Date.now() - started} ms`);
}
