// `npm start` builds the web app once: when apps/web/dist is missing or older than the web sources.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const web = 'apps/web';
const index = join(web, 'dist', 'index.html');

function newest(dir) {
  let max = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const p = join(dir, entry.name);
    max = Math.max(max, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return max;
}

const sources = Math.max(newest(join(web, 'src')), newest('packages/shared/src'), statSync(join(web, 'index.html')).mtimeMs);
if (!existsSync(index) || statSync(index).mtimeMs < sources) {
  console.log('Building the web app (first start or sources changed)...');
  execSync('npm run build --workspace @leadgrid/web', { stdio: 'inherit' });
}
