import { setUpTemplates } from './test-templates';

/** jest.config.js `api-pg` project: the template databases on the PostgreSQL server scripts/test.mjs found. */
export default async function globalSetup(): Promise<void> {
  const started = Date.now();
  await setUpTemplates(process.env.SAWARI_TEST_PG_URL);
  console.log(`\napi-pg: template databases (PostgreSQL) migrated and seeded once for this run in ${Date.now() - started} ms`);
}
