/**
 * A first start's embedded database, made in a process of its own (`prepareDataDir`, client.ts): PGlite's initdb and
 * the migrations run here and the process ends, so the memory they leave behind (WebAssembly compiled twice, a thousand
 * catalogue changes, malloc arenas that do not shrink) goes back to the system; the server then opens the finished
 * data directory like a restart does (docs/decisions/platform.md, "The embedded database on its own thread").
 * Arguments: the data directory, the migrations folder and, when set, the shared buffers.
 */
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { deferWasmTierUp, pgliteStartParams } from './pglite-params';

const [dataDir, migrationsFolder, sharedBuffers] = process.argv.slice(2);
deferWasmTierUp();
const lite = await PGlite.create({ dataDir, startParams: pgliteStartParams(sharedBuffers) });
await migrate(drizzle(lite), { migrationsFolder: migrationsFolder! });
await lite.close();
