/**
 * Migrates one template database per run; each test file clones it (architecture §2):
 * PostgreSQL `CREATE DATABASE ... TEMPLATE`, or a PGlite data-dir dump loaded into a fresh instance.
 */
import { writeFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateDatabase, openDatabase } from '../src/db/client';

export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
    const template = `leadgrid_tpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${template}`);
    await admin.query(`CREATE DATABASE ${template}`);
    const tplUrl = withDatabase(url, template);
    const database = await openDatabase({ url: tplUrl, poolSize: 2 });
    await migrateDatabase(database);
    await database.close();
    project.provide('pgTemplate', template);
    return async () => {
      // drop the clones and the template of this run
      const { rows } = await admin.query<{ datname: string }>(
        `SELECT datname FROM pg_database WHERE datname LIKE 'leadgrid_t_${process.pid}_%' OR datname = $1`,
        [template],
      );
      for (const r of rows) await admin.query(`DROP DATABASE IF EXISTS "${r.datname}" WITH (FORCE)`);
      await admin.end();
    };
  }
  const database = await openDatabase({});
  await migrateDatabase(database);
  const dump = await database.pglite!.dumpDataDir('gzip');
  await database.close();
  const file = join(tmpdir(), `leadgrid-template-${process.pid}.tar.gz`);
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return async () => rm(file, { force: true });
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgTemplate: string;
    pgliteTemplate: string;
  }
}
