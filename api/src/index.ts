export { buildServer, prepareDatabase, SECURITY_HEADERS, API_SECURITY_HEADERS, type ServerDeps } from './app/server';
export { loadConfig, parseConfig, testConfig, type Config } from './app/config';
export { openDb, type Db } from './platform/db';
export { migrate } from './platform/migrate';
export { seedDemoData } from './seed';
export { importGtfs, GtfsImportError } from './modules/transit/importer/import';
