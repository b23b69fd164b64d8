// First-load budgets of the web app, checked over the build output (deterministic: byte counts, no timing).
//
//   npm run check:budget            (after `npm run build -w @leadgrid/web`)
//
// - the login page: the shared shell (index.html's entry and its static imports) plus the login screen's chunks,
//   at most LOGIN_BUDGET bytes of brotli-compressed JavaScript;
// - every other screen of the route table: the chunks its first view loads beyond the shell (its lazy import and
//   that chunk's static imports, so a chart library counts for the pages that import it, and only there), at most
//   ROUTE_BUDGET bytes compressed. For the signed-in screens the shell is the entry plus the signed-in frame
//   (app/layouts/MainLayout.tsx, a lazy chunk since the login page does not load it: sidebar, header, menus),
//   which every signed-in page loads first; the frame's own figure is printed as a row of its own.
// Chunks come from the Vite manifest (build.manifest) and the screens from the lazy imports of the route table
// (apps/web/src/app/routes.tsx); a path with a screen per role (a route's `affiliatePage`) counts each role's screen
// on its own, with the role beside its path. Sizes are those of the .br files the build wrote beside each asset (what a
// browser sending `accept-encoding: br` receives), or the plain file where the build kept none (small files).
// The figures are printed and written into bench/RESULTS.md (its "Web first-load budgets" section).
// A screen over budget fails the run unless it is in KNOWN_OVER with the reason; a known-over screen that is back
// under budget is reported so its entry is removed.
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, posix, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const web = join(root, 'apps/web');
const dist = join(web, 'dist');
const routesFile = join(web, 'src/app/routes.tsx');
const resultsFile = join(root, 'bench/RESULTS.md');

const KB = 1000;
export const LOGIN_BUDGET = 200 * KB;
export const ROUTE_BUDGET = 150 * KB;

/**
 * The screens let over budget, by id, with the reason (none today); each one is a debt to pay (see
 * docs/decisions/web.md). A reason gives brotli KB of the chunks it names, from the build of the branch that wrote it,
 * and what remains on the first view once drawers, modals and non-default tabs load when opened
 * (components/lazyWhenOpen, React.lazy).
 */
export const KNOWN_OVER = {};

const manifestPath = join(dist, '.vite/manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`web-budget: ${posix.relative(root, manifestPath)} is missing: run \`npm run build -w @leadgrid/web\` first`);
  process.exit(2);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

/** brotli bytes of one built file (the .br twin, or the file itself when the build kept no twin) and its gzip bytes */
function sizes(file) {
  const path = join(dist, file);
  const of = (p) => (existsSync(p) ? statSync(p).size : undefined);
  const raw = of(path) ?? 0;
  return { raw, br: of(`${path}.br`) ?? raw, gz: of(`${path}.gz`) ?? raw };
}

/** the JavaScript files a manifest entry loads at once: its own file and, recursively, its static imports */
function closure(key, into = new Set()) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`web-budget: ${key} is not in the Vite manifest`);
  if (chunk.file.endsWith('.js')) into.add(chunk.file);
  for (const dep of chunk.imports ?? []) {
    if (!into.has(manifest[dep]?.file)) closure(dep, into);
  }
  return into;
}

function total(files) {
  let raw = 0,
    br = 0,
    gz = 0;
  for (const f of files) {
    const s = sizes(f);
    raw += s.raw;
    br += s.br;
    gz += s.gz;
  }
  return { raw, br, gz, count: files.size };
}

/**
 * screens of the route table: `const X = page(() => import('../features/...'))`, with the first path that shows X;
 * the screen of a route's `affiliatePage: X` and the staff screen of the same path get the role beside the path
 */
function screens() {
  const source = readFileSync(routesFile, 'utf8');
  const lines = source.split('\n');
  const found = [];
  for (const m of source.matchAll(/const (\w+) = page\(\(\) =>\s*import\('([^']+)'\)/g)) {
    const [, name, spec] = m;
    const base = posix.join('src/app', spec);
    const key = ['.tsx', '.ts', '/index.tsx', '/index.ts'].map((ext) => base + ext).find((k) => manifest[k]);
    if (!key) throw new Error(`web-budget: the route table's import ${spec} (${name}) is not in the Vite manifest`);
    // the route that shows it: the line naming it, or the start of its (multi-line) route call
    const at = lines.findIndex((l) => new RegExp(`\\b${name}\\b`).test(l) && !l.includes(`const ${name} =`));
    const around = lines.slice(Math.max(0, at - 6), at + 1).reverse();
    const call = around.find((l) => /'\/[^']*'/.test(l));
    let path = at < 0 || !call ? '(not in a route)' : call.match(/'(\/[^']*)'/)[1];
    // a detail route: `detailRoute(` on the path's line or the line of its opening call
    const alone = call && /^'[^']*',?$/.test(call.trim());
    const opening = alone ? around.slice(around.indexOf(call), around.indexOf(call) + 4).find((l) => /\($/.test(l.trim())) : undefined;
    if (call?.includes('detailRoute(') || opening?.includes('detailRoute(')) path += '/:id';
    const affiliate = at >= 0 && lines[at].includes(`affiliatePage: ${name}`);
    found.push({ id: name.charAt(0).toLowerCase() + name.slice(1), name, key, path, affiliate });
  }
  const roleSplit = new Set(found.filter((s) => s.affiliate).map((s) => s.path));
  return found.map(({ affiliate, ...s }) =>
    roleSplit.has(s.path) ? { ...s, path: `${s.path} (${affiliate ? 'affiliate' : 'staff'})` } : s,
  );
}

const kb = (n) => `${(n / KB).toFixed(1)} KB`;
const shell = closure('index.html');
const shellSize = total(shell);
const FRAME_KEY = 'src/app/layouts/MainLayout.tsx';
const signedInShell = manifest[FRAME_KEY] ? closure(FRAME_KEY, new Set(shell)) : shell;
const frameSize = total(new Set([...signedInShell].filter((f) => !shell.has(f))));
/** the screens shown without a session (features/access/auth): the shell is the entry alone */
const isAuthScreen = (key) => key.startsWith('src/features/access/auth/');
const rows = [];
for (const screen of screens()) {
  const files = closure(screen.key);
  const base = isAuthScreen(screen.key) ? shell : signedInShell;
  const own = new Set([...files].filter((f) => !base.has(f)));
  const isLogin = screen.id === 'login';
  const measured = isLogin ? total(new Set([...shell, ...own])) : total(own);
  const budget = isLogin ? LOGIN_BUDGET : ROUTE_BUDGET;
  rows.push({ ...screen, isLogin, measured, budget, over: measured.br > budget, known: KNOWN_OVER[screen.id] });
}
rows.sort((a, b) => Number(b.isLogin) - Number(a.isLogin) || b.measured.br - a.measured.br);

const failures = rows.filter((r) => r.over && !r.known);
const stale = Object.keys(KNOWN_OVER).filter((id) => !rows.some((r) => r.id === id && r.over));

// each reason once, with the screens it covers
const byReason = new Map();
for (const r of rows.filter((x) => x.over && x.known)) byReason.set(r.known, [...(byReason.get(r.known) ?? []), r.name]);
const reasons = [...byReason].map(([why, names]) => `- ${names.join(', ')}: ${why}`).join('\n');

const table = [
  '| screen | path | budget | brotli JS | gzip JS | raw JS | files | status |',
  '| --- | --- | ---: | ---: | ---: | ---: | ---: | --- |',
  `| shared shell (entry) | every page | — | ${kb(shellSize.br)} | ${kb(shellSize.gz)} | ${kb(shellSize.raw)} | ${shellSize.count} | counted in the login page |`,
  `| signed-in frame (beyond the entry) | every signed-in page | — | ${kb(frameSize.br)} | ${kb(frameSize.gz)} | ${kb(frameSize.raw)} | ${frameSize.count} | loaded after sign-in, before any screen |`,
  ...rows.map((r) => {
    const status = !r.over ? 'ok' : r.known ? 'known over (reason below)' : '**OVER BUDGET**';
    const what = r.isLogin ? 'login page (shell + screen)' : r.name;
    return `| ${what} | ${r.path} | ${kb(r.budget)} | ${kb(r.measured.br)} | ${kb(r.measured.gz)} | ${kb(r.measured.raw)} | ${r.measured.count} | ${status} |`;
  }),
].join('\n');

const section = [
  '## Web first-load budgets',
  '',
  'Written by `npm run check:budget` (scripts/web-budget.mjs) from the build output: compressed JavaScript a',
  'browser downloads on the first view. The login page counts the shared shell; every other screen counts only',
  'the chunks it loads beyond the shell (for a signed-in screen: beyond the shell and the signed-in frame).',
  ` Budgets: login page ${kb(LOGIN_BUDGET)}, any other screen ${kb(ROUTE_BUDGET)} (brotli).`,
  'Byte counts of one build, not timings: the same sources give the same figures on any machine.',
  '',
  table,
  '',
  ...(reasons ? ['Known over budget, with the reason (KNOWN_OVER in scripts/web-budget.mjs):', '', reasons, ''] : []),
].join('\n');

console.log(`web-budget: login page <= ${kb(LOGIN_BUDGET)}, other screens beyond the shell <= ${kb(ROUTE_BUDGET)} (brotli)\n`);
console.log(table);
if (reasons) console.log(`\nknown over budget:\n${reasons}`);
for (const id of stale) console.log(`\nweb-budget: "${id}" is in KNOWN_OVER but is within budget now: remove its entry`);

if (existsSync(resultsFile)) {
  const text = readFileSync(resultsFile, 'utf8');
  const start = text.indexOf('## Web first-load budgets');
  let next;
  if (start < 0) next = `${text.trimEnd()}\n\n${section}`;
  else {
    const after = text.indexOf('\n## ', start + 1);
    next = text.slice(0, start) + section + (after < 0 ? '' : text.slice(after + 1));
  }
  if (next !== text) writeFileSync(resultsFile, next);
}

if (failures.length) {
  console.error(`\nweb-budget: over budget: ${failures.map((r) => `${r.name} ${kb(r.measured.br)} > ${kb(r.budget)}`).join(', ')}`);
  process.exit(1);
}
console.log(`\nweb-budget: ok (${rows.length} screens${rows.some((r) => r.known && r.over) ? ', known-over listed above' : ''})`);
