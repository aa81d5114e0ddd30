import { tearDownTemplates } from './test-templates';

/** jest.config.js api projects (one teardown for both: jest runs it once): drops what the setups made. */
export default async function globalTeardown(): Promise<void> {
  await tearDownTemplates('pglite');
  await tearDownTemplates('postgres');
}
