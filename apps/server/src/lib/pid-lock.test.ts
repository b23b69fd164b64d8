import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { takePidLock } from './pid-lock';

const root = mkdtempSync(join(tmpdir(), 'leadgrid-pid-lock-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let n = 0;
const newLock = () => join(root, `lock-${++n}`);
const DEAD = '999999999';

describe('pid lock', () => {
  it('is taken when free or when its owner is dead, refused while its owner lives, and let go only by its owner', () => {
    const path = newLock();
    const lock = takePidLock(path);
    expect('release' in lock).toBe(true);
    expect(readFileSync(path, 'utf8')).toBe(String(process.pid));
    // taken again by this process; held when taking another part's lock (`selfHolds`)
    expect('release' in takePidLock(path)).toBe(true);
    expect(takePidLock(path, { selfHolds: true })).toEqual({ heldBy: process.pid });
    writeFileSync(path, String(process.ppid));
    expect(takePidLock(path)).toEqual({ heldBy: process.ppid });
    (lock as { release: () => void }).release();
    expect(readFileSync(path, 'utf8')).toBe(String(process.ppid));
    writeFileSync(path, DEAD);
    expect('release' in takePidLock(path)).toBe(true);
    expect(readFileSync(path, 'utf8')).toBe(String(process.pid));
    expect(readdirSync(root).filter((f) => f.startsWith(`lock-${n}`))).toEqual([`lock-${n}`]);
  });

  it("of processes taking a dead owner's lock at the same moment, one gets it", async () => {
    const path = newLock();
    writeFileSync(path, DEAD);
    const script = join(root, 'take.ts');
    const lockModule = fileURLToPath(new URL('./pid-lock.ts', import.meta.url));
    // each process says it is ready, waits for the moment its parent gives all, takes the lock, says what it got and
    // holds it a while (alive)
    writeFileSync(
      script,
      `import { takePidLock } from ${JSON.stringify(lockModule)};
console.log('ready');
process.stdin.once('data', (d) => {
  const at = Number(String(d));
  while (Date.now() < at);
  const lock = takePidLock(${JSON.stringify(path)});
  console.log(JSON.stringify('heldBy' in lock ? { heldBy: lock.heldBy } : { took: process.pid }));
  setTimeout(() => process.exit(0), 1000);
});`,
    );
    const tsx = fileURLToPath(new URL('../../../../node_modules/.bin/tsx', import.meta.url));
    const children = Array.from({ length: 5 }, () => spawn(tsx, [script], { stdio: ['pipe', 'pipe', 'inherit'] }));
    const lines = children.map((child) => {
      const got: string[] = [];
      let buffered = '';
      child.stdout.on('data', (d: Buffer) => {
        buffered += d.toString();
        const parts = buffered.split('\n');
        buffered = parts.pop()!;
        got.push(...parts);
      });
      return got;
    });
    const until = async (ok: () => boolean) => {
      while (!ok()) await new Promise((r) => setTimeout(r, 20));
    };
    await until(() => lines.every((l) => l.length >= 1));
    const at = Date.now() + 300;
    for (const child of children) child.stdin.end(`${at}`);
    await until(() => lines.every((l) => l.length >= 2));
    const answers = lines.map((l) => JSON.parse(l[1]) as { took?: number; heldBy?: number });
    const took = answers.filter((a) => a.took);
    expect(took).toHaveLength(1);
    expect(answers.filter((a) => a.heldBy).map((a) => a.heldBy)).toEqual(Array(4).fill(took[0].took));
  }, 30_000);
});
