import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { useApp } from '../../test/helper';
import { settings } from '../db/schema';
import { createJobQueue, type JobLog } from './queue';

const t = await useApp();
const db = t.database.db;

/** a queue of its own on the test database, with handlers the tests control */
const seen: { name: string; data: unknown; retryCount: number }[] = [];
const warnings: string[] = [];
const log: JobLog = { info: () => undefined, warn: (_o, msg) => warnings.push(msg ?? ''), error: (_o, msg) => warnings.push(msg ?? '') };
let failuresLeft = 0;
const queue = createJobQueue(t.database, log)
  .define<{ n: number }>({
    name: 'test-echo',
    handler: async (data, job) => {
      seen.push({ name: job.name, data, retryCount: job.retryCount });
    },
  })
  .define<{ n: number }>({
    name: 'test-flaky',
    options: { retryLimit: 2, retryDelay: 60 },
    handler: async (data, job) => {
      seen.push({ name: job.name, data, retryCount: job.retryCount });
      if (failuresLeft-- > 0) throw new Error('partner is down');
    },
  });
await queue.start({ workers: false });
afterAll(() => queue.stop());

describe('job queue: transactional send', () => {
  it('commits a job with the transaction that sent it', async () => {
    seen.length = 0;
    await db.transaction(async (tx) => {
      await tx.insert(settings).values({ key: 'queue-test-commit', value: 1 });
      await queue.send('test-echo', { n: 1 }, { db: tx });
    });
    expect(await queue.runDue('test-echo')).toBe(1);
    expect(seen).toEqual([{ name: 'test-echo', data: { n: 1 }, retryCount: 0 }]);
  });

  it('leaves no job behind when the transaction rolls back', async () => {
    seen.length = 0;
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(settings).values({ key: 'queue-test-rollback', value: 1 });
        await queue.send('test-echo', { n: 2 }, { db: tx });
        await queue.sendMany('test-echo', [{ n: 3 }, { n: 4 }], { db: tx });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await db.select().from(settings).where(eq(settings.key, 'queue-test-rollback'))).toEqual([]);
    expect(await queue.runDue('test-echo')).toBe(0);
    expect(await queue.boss.findJobs('test-echo', { data: { n: 2 } })).toEqual([]);
    expect(seen).toEqual([]);
  });

  it('sends without a transaction too, and several jobs in one statement', async () => {
    seen.length = 0;
    await queue.send('test-echo', { n: 5 });
    await queue.sendMany('test-echo', [{ n: 6 }, { n: 7 }], { db });
    expect(await queue.runDue('test-echo')).toBe(3);
    expect(seen.map((s) => (s.data as { n: number }).n).sort()).toEqual([5, 6, 7]);
  });

  it('refuses an unknown queue', async () => {
    await expect(queue.send('no-such-queue', {})).rejects.toThrow('unknown job queue no-such-queue');
  });

  it('refuses to send before start and to define after it', async () => {
    const idle = createJobQueue(t.database, log).define({ name: 'test-idle', handler: async () => undefined });
    await expect(idle.send('test-idle', {})).rejects.toThrow('the job queue is not started');
    expect(() => queue.define({ name: 'test-late', handler: async () => undefined })).toThrow(
      'must be defined before the job queue starts',
    );
  });
});

describe('job queue: retries', () => {
  it('retries a failing job after its delay, logs each failure, and fails it after the retry limit', async () => {
    seen.length = 0;
    warnings.length = 0;
    failuresLeft = 10;
    const id = await queue.send('test-flaky', { n: 1 });
    expect(await queue.runDue('test-flaky')).toBe(1);
    const [retry] = await queue.boss.findJobs('test-flaky', { id });
    expect(retry).toMatchObject({ state: 'retry', output: { message: 'partner is down' } });
    // the retry waits for its delay
    expect(await queue.runDue('test-flaky')).toBe(0);
    expect(await queue.runDue('test-flaky', { ignoreStartAfter: true })).toBe(1);
    expect(await queue.runDue('test-flaky', { ignoreStartAfter: true })).toBe(1);
    expect(await queue.runDue('test-flaky', { ignoreStartAfter: true })).toBe(0);
    const [failed] = await queue.boss.findJobs('test-flaky', { id });
    expect(failed.state).toBe('failed');
    expect(seen.map((s) => s.retryCount)).toEqual([0, 1, 2]);
    expect(warnings).toEqual([
      expect.stringContaining('failed (attempt 1 of 3): partner is down'),
      expect.stringContaining('failed (attempt 2 of 3): partner is down'),
      expect.stringContaining('failed (attempt 3 of 3): partner is down'),
    ]);
  });

  it('completes a job that succeeds on a retry', async () => {
    failuresLeft = 1;
    const id = await queue.send('test-flaky', { n: 2 });
    await queue.runDue('test-flaky');
    await queue.runDue('test-flaky', { ignoreStartAfter: true });
    const [job] = await queue.boss.findJobs('test-flaky', { id });
    expect(job.state).toBe('completed');
  });
});

describe('job queue: workers', () => {
  it('polls and runs jobs, and a graceful stop waits for the running one', async () => {
    const done: number[] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const workers = createJobQueue(t.database, log).define<{ n: number }>({
      name: 'test-worker',
      pollingIntervalSeconds: 0.5,
      handler: async ({ n }) => {
        if (n === 2) await gate;
        done.push(n);
      },
    });
    await workers.start({ workers: true });
    await workers.send('test-worker', { n: 1 });
    await expect.poll(() => done, { timeout: 10_000, interval: 100 }).toEqual([1]);

    await workers.send('test-worker', { n: 2 });
    await expect
      .poll(async () => (await workers.boss.findJobs('test-worker', { data: { n: 2 } }))[0]?.state, { timeout: 10_000, interval: 100 })
      .toBe('active');
    const stopping = workers.stop(10_000);
    setTimeout(release, 300);
    await stopping;
    expect(done).toEqual([1, 2]);
    const [second] = await workers.boss.findJobs('test-worker', { data: { n: 2 } });
    expect(second.state).toBe('completed');
  });
});

describe('job queue: start on existing queues', () => {
  /** another process's queue on the same database, defining test-options with these options */
  async function startWith(retryLimit: number) {
    const other = createJobQueue(t.database, log).define({
      name: 'test-options',
      options: { retryLimit, retryDelay: 5 },
      handler: async () => undefined,
    });
    const created = vi.spyOn(other.boss, 'createQueue');
    const updated = vi.spyOn(other.boss, 'updateQueue');
    await other.start({ workers: false });
    // sending needs the queue in pg-boss's cache
    await other.send('test-options', {});
    const [stored] = await other.boss.getQueues(['test-options']);
    await other.stop();
    return { created: created.mock.calls.length, updated: updated.mock.calls.length, retryLimit: stored.retryLimit };
  }

  it('creates a new queue, updates one whose options changed, and leaves an unchanged one alone', async () => {
    expect(await startWith(1)).toEqual({ created: 1, updated: 0, retryLimit: 1 });
    expect(await startWith(1)).toEqual({ created: 0, updated: 0, retryLimit: 1 });
    expect(await startWith(3)).toEqual({ created: 0, updated: 1, retryLimit: 3 });
    expect(await startWith(3)).toEqual({ created: 0, updated: 0, retryLimit: 3 });
  });
});

describe('job queue: schedules at start', () => {
  /** another process's workers on the same database, with test-cron scheduled at `cron` */
  async function startWith(cron: string) {
    const other = createJobQueue(t.database, log).define({
      name: 'test-cron',
      cron,
      pollingIntervalSeconds: 30,
      handler: async () => undefined,
    });
    const scheduled = vi.spyOn(other.boss, 'schedule');
    await other.start({ workers: true });
    const [stored] = await other.boss.getSchedules('test-cron');
    await other.stop();
    return { written: scheduled.mock.calls.length, cron: stored.cron, updatedOn: stored.updatedOn };
  }

  it('writes a new or changed schedule and leaves one stored as defined alone', async () => {
    const first = await startWith('5 * * * *');
    expect(first).toMatchObject({ written: 1, cron: '5 * * * *' });
    const again = await startWith('5 * * * *');
    expect(again).toEqual({ ...first, written: 0 });
    expect(await startWith('6 * * * *')).toMatchObject({ written: 1, cron: '6 * * * *' });
    expect(await startWith('6 * * * *')).toMatchObject({ written: 0, cron: '6 * * * *' });
  });
});

describe('job queue: the server’s start order', () => {
  it('boots pg-boss before the queues are defined, starts workers only on a started queue and once', async () => {
    const ran: number[] = [];
    const q = createJobQueue(t.database, log);
    const booting = q.boot();
    expect(q.boot()).toBe(booting);
    q.define<{ n: number }>({ name: 'test-order', pollingIntervalSeconds: 0.5, handler: async ({ n }) => void ran.push(n) });
    await booting;
    await expect(q.startWorkers()).rejects.toThrow(/must be started/);
    await q.start({ workers: false });
    await q.send('test-order', { n: 1 });
    await q.startWorkers();
    await expect(q.startWorkers()).rejects.toThrow(/already started/);
    await expect.poll(() => ran, { timeout: 10_000, interval: 100 }).toEqual([1]);
    await q.stop();
  });

  it('stops a queue that was booted but never started', async () => {
    const q = createJobQueue(t.database, log);
    await q.boot();
    const stopped = vi.spyOn(q.boss, 'stop');
    await q.stop();
    expect(stopped).toHaveBeenCalledOnce();
  });
});

describe('job queue: a stop while the workers start', () => {
  it('starts no worker or loop after the stop', async () => {
    let loopStarted = false;
    const q = createJobQueue(t.database, log)
      .define({ name: 'test-stop-a', handler: async () => undefined })
      .define({ name: 'test-stop-b', handler: async () => undefined })
      .defineLoop({ name: 'test-stop-loop', start: () => void (loopStarted = true), stop: async () => undefined, runDue: async () => 0 });
    await q.start({ workers: false });
    const worked = vi.spyOn(q.boss, 'work');
    const starting = q.startWorkers();
    await q.stop();
    await starting;
    expect(worked.mock.calls.length).toBeLessThan(2);
    expect(loopStarted).toBe(false);
  });
});
