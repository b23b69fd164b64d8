/** Child processes for benchmarks: the app server and the bare-Node ceiling, each in its own process. */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** the Node flags of the server in `npm start` (the root package.json, e.g. its young-generation size): the bench
 * runs the server as it is run */
export function serverNodeFlags(): string[] {
  const pkg = JSON.parse(readFileSync(`${root}/package.json`, 'utf8')) as { scripts: { start: string } };
  return pkg.scripts.start.split(/\s+/).filter((word) => word.startsWith('--'));
}

/**
 * The environment `npm start` gives the server (`NAME=${NAME:-value}` words of the root start script: glibc's malloc
 * settings, docs/decisions/platform.md "The embedded database on its own thread"), so the bench measures the same process.
 */
export function serverEnv(): Record<string, string> {
  const pkg = JSON.parse(readFileSync(`${root}/package.json`, 'utf8')) as { scripts: { start: string } };
  return Object.fromEntries(
    [...pkg.scripts.start.matchAll(/\b([A-Z_]+)=\$\{\1:-([^}]*)\}/g)].map((m) => [m[1]!, process.env[m[1]!] ?? m[2]!]),
  );
}

export async function waitFor(url: string, timeoutMs = 60_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not come up in ${timeoutMs} ms`);
}

/** a TypeScript script of the bench (the ceiling) in a Node process of its own, through tsx */
export function startProcess(args: string[], env: Record<string, string>): ChildProcess {
  return startNode(['--import', 'tsx', ...args], env);
}

/**
 * The app server as `npm start` runs it: `scripts/start.mjs` (which builds the web app and the server when their
 * sources changed) runs the compiled server, with the start script's Node flags before it and `flags` (a profile's).
 */
export function startServer(env: Record<string, string>, flags: string[] = []): ChildProcess {
  return startNode([...flags, ...serverNodeFlags(), 'scripts/start.mjs'], env);
}

function startNode(args: string[], env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return child;
}

export async function stop(child: ChildProcess): Promise<void> {
  // exited, or ended by a signal (a SIGKILL'd child has no exit code)
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
  });
}
