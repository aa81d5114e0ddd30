import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDb } from '../platform/db';
import { migrate } from '../platform/migrate';
import { seedDemoData } from '../seed';

/**
 * The api projects' global setup and teardown (jest.config.js): the databases every API test file starts from, made
 * once per jest run instead of once per file (test-db.ts). PGlite: a migrated and a seeded data folder, as tarballs in
 * a temporary folder. PostgreSQL (the server at `url`): a migrated and a seeded template database on it. Where they
 * are reaches the test workers in an environment variable, one per kind of database (both projects can be in one run).
 */
export const templatesEnv = (kind: 'pglite' | 'postgres') => (kind === 'postgres' ? 'SAWARI_TEST_TEMPLATES_PG' : 'SAWARI_TEST_TEMPLATES_PGLITE');

export interface TestTemplates {
  pglite?: { migrated: string; seeded: string; dir: string };
  postgres?: { migrated: string; seeded: string; adminUrl: string };
}

/** The templates for PostgreSQL at `url` (a database on it, which stays as it is), else for PGlite. */
export async function setUpTemplates(url?: string): Promise<TestTemplates> {
  const templates: TestTemplates = {};
  if (url) {
    const base = new URL(url).pathname.slice(1) || 'sawari';
    const admin = await openDb({ dataDir: 'memory://', databaseUrl: url }, { max: 1 });
    try {
      const names = { migrated: `${base}_tpl_migrated`, seeded: `${base}_tpl_seeded` };
      for (const [start, name] of Object.entries(names)) {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.query(`CREATE DATABASE ${name}`);
        const u = new URL(url);
        u.pathname = `/${name}`;
        const db = await openDb({ dataDir: 'memory://', databaseUrl: u.toString() }, { max: 1 });
        try {
          await migrate(db);
          if (start === 'seeded') await seedDemoData(db);
        } finally {
          await db.close(); // a template is copied only while nobody is connected to it
        }
      }
      templates.postgres = { ...names, adminUrl: url };
    } finally {
      await admin.close();
    }
  } else {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sawari-test-templates-'));
    const db = await openDb({ dataDir: 'memory://' });
    try {
      await migrate(db);
      const migrated = path.join(dir, 'migrated.tar');
      fs.writeFileSync(migrated, Buffer.from(await (await db.dumpDataDir!('none')).arrayBuffer()));
      await seedDemoData(db);
      const seeded = path.join(dir, 'seeded.tar');
      fs.writeFileSync(seeded, Buffer.from(await (await db.dumpDataDir!('none')).arrayBuffer()));
      templates.pglite = { migrated, seeded, dir };
    } finally {
      await db.close();
    }
  }
  const kind = url ? 'postgres' : 'pglite';
  process.env[templatesEnv(kind)] = JSON.stringify(templates);
  return templates;
}

export async function tearDownTemplates(kind: 'pglite' | 'postgres'): Promise<void> {
  const raw = process.env[templatesEnv(kind)];
  if (!raw) return;
  const templates = JSON.parse(raw) as TestTemplates;
  if (templates.pglite) fs.rmSync(templates.pglite.dir, { recursive: true, force: true });
  if (templates.postgres) {
    const admin = await openDb({ dataDir: 'memory://', databaseUrl: templates.postgres.adminUrl }, { max: 1 });
    try {
      for (const name of [templates.postgres.migrated, templates.postgres.seeded]) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    } finally {
      await admin.close();
    }
  }
  delete process.env[templatesEnv(kind)];
}
