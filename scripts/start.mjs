// `npm start`: builds what it runs, once — the web app (apps/web/dist) and the server (apps/server/dist), each when its
// build is missing or older than its sources — then runs the server's build in this same process, from apps/server
// (one Node start fewer than a script then the server: docs/decisions/platform.md, "The server runs compiled
// JavaScript" and "A restart under 3 s on the embedded database"). npm's script sets the allocator's environment
// before this process starts.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

function newest(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let max = 0;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    max = Math.max(max, newest(join(path, entry.name)));
  }
  return max;
}

const shared = ['packages/shared/src', 'packages/shared/package.json'];
const builds = [
  {
    name: 'web app',
    output: 'apps/web/dist/index.html',
    sources: ['apps/web/src', 'apps/web/index.html', ...shared],
    workspace: '@leadgrid/web',
  },
  {
    name: 'server',
    output: 'apps/server/dist/main.js',
    sources: ['apps/server/src', 'apps/server/package.json', 'scripts/build-server.mjs', ...shared],
    workspace: '@leadgrid/server',
  },
];

for (const build of builds) {
  const output = join(root, build.output);
  const built = existsSync(output) ? statSync(output).mtimeMs : 0;
  if (built >= Math.max(...build.sources.map((source) => newest(join(root, source))))) continue;
  console.log(`Building the ${build.name} (first start or sources changed)...`);
  execSync(`npm run build --workspace ${build.workspace}`, { stdio: 'inherit', cwd: root });
}

// the server reads its relative paths (DATA_DIR=./data, UPLOAD_DIR) from apps/server, as it always has
process.chdir(join(root, 'apps/server'));
await import(pathToFileURL(join(root, 'apps/server/dist/main.js')).href);
