import { chromium } from '@playwright/test';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const p = await b.newPage({ viewport: { width: 1440, height: 900 } });
const B = 'http://127.0.0.1:4318';
await p.goto(B + '/login');
await p.locator('input#email').fill('admin@e2e.local');
await p.locator('input#password').fill('e2e-admin-pass');
await p.locator('[data-testid=login-form] button[type=submit]').click();
await p.getByTestId('sidebar').waitFor({ timeout: 60000 });
await p.goto(B + '/conversions?limit=25');
await p.waitForFunction(() => performance.getEntriesByType('mark').some((m) => m.name.startsWith('lg:rows-painted:')), null, { timeout: 60000 });
// second view: SPA navigation to leads, profiled
const cdp = await p.context().newCDPSession(p);
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
await cdp.send('Profiler.start');
await p.evaluate(() => performance.clearMarks());
await p.goto(B + '/leads?limit=25');
await p.waitForFunction(() => performance.getEntriesByType('mark').some((m) => m.name.startsWith('lg:rows-painted:')), null, { timeout: 60000 });
const { profile } = await cdp.send('Profiler.stop');
const marks = await p.evaluate(() => performance.getEntriesByType('mark').map((m) => [m.name, Math.round(m.startTime)]));
console.log(JSON.stringify(marks));
const byId = new Map(profile.nodes.map((n: any) => [n.id, n]));
const self = new Map<number, number>();
const dt = profile.timeDeltas; profile.samples.forEach((s: number, i: number) => self.set(s, (self.get(s) ?? 0) + (dt[i] ?? 0)));
const agg = new Map<string, number>();
for (const [id, t] of self) { const n: any = byId.get(id); const k = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}:${n.callFrame.columnNumber}`; agg.set(k, (agg.get(k) ?? 0) + t); }
const total = [...agg.values()].reduce((a, b) => a + b, 0);
console.log('total ms', total / 1000);
for (const [k, t] of [...agg].sort((a, b) => b[1] - a[1]).slice(0, 40)) console.log((t / 1000).toFixed(0).padStart(7), k);
// inclusive time by function name for app modules
await b.close();
