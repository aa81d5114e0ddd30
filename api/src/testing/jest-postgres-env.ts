// jest.config.js api-pg project: every API test file of this project runs on the PostgreSQL server scripts/test.mjs
// found (SAWARI_TEST_PG_URL), as `TEST_DATABASE_URL=… jest --selectProjects api` does by hand. Jest gives each test
// file its own copy of process.env, so the PGlite project's files in the same worker are not touched.
process.env.TEST_DATABASE_URL = process.env.SAWARI_TEST_PG_URL;
