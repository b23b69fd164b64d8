// `npm start` builds what it runs, once: the web app (apps/web/dist) and the server (apps/server/dist), each when its
// build is missing or older than its sources (docs/decisions/platform.md, "The server runs compiled JavaScript").
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

function newest(path) {
  if (!statSync(path).isDirectory()) return statSync(path).mtimeMs;
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
  const built = existsSync(build.output) ? statSync(build.output).mtimeMs : 0;
  if (built >= Math.max(...build.sources.map(newest))) continue;
  console.log(`Building the ${build.name} (first start or sources changed)...`);
  execSync(`npm run build --workspace ${build.workspace}`, { stdio: 'inherit' });
}
