// Builds the server into apps/server/dist (docs/decisions/platform.md, "The server runs compiled JavaScript"): one ES
// module bundle of apps/server/src and @leadgrid/shared by esbuild; the server's npm dependencies stay in node_modules
// (PGlite, pg-boss and the country database find their own files there), and the SQL migrations are copied beside it.
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const server = fileURLToPath(new URL('../apps/server/', import.meta.url));
const { dependencies } = JSON.parse(readFileSync(`${server}package.json`, 'utf8'));
const external = Object.keys(dependencies)
  .filter((name) => name !== '@leadgrid/shared')
  .flatMap((name) => [name, `${name}/*`]);

const started = Date.now();
rmSync(`${server}dist`, { recursive: true, force: true });
await build({
  // the embedded database's thread and a first start's database maker are entries of their own (apps/server/src/db/
  // pglite-worker.ts, pglite-prepare.ts), loaded beside main.js
  entryPoints: {
    main: `${server}src/main.ts`,
    'pglite-worker': `${server}src/db/pglite-worker.ts`,
    'pglite-prepare': `${server}src/db/pglite-prepare.ts`,
  },
  outdir: `${server}dist`,
  bundle: true,
  platform: 'node',
  format: 'esm',
  // main.js imports start.ts when it has begun opening the embedded database: that import becomes a chunk of its own,
  // loaded while the database's thread starts (docs/decisions/platform.md, "A restart under 3 s on the embedded
  // database"); the code the entries share goes into chunks beside them, so each module is loaded once
  splitting: true,
  target: 'node20',
  external,
  sourcemap: 'linked',
  logLevel: 'warning',
});
// client.ts finds them at `./migrations` from its own module, which is dist/main.js once bundled
cpSync(`${server}src/db/migrations`, `${server}dist/migrations`, { recursive: true });
console.log(`Server built into apps/server/dist in ${Date.now() - started} ms`);
