/**
 * The job queue (architecture §2 "jobs: pg-boss"): pg-boss on the application's own database, PostgreSQL
 * (through the app's pool) or embedded PGlite. `send` accepts the caller's Drizzle handle, so a job inserted
 * inside a transaction commits or rolls back with the data that caused it: nothing is lost, nothing is sent
 * for data that never existed.
 *
 * Queues are declared with `define` (name, retry policy, handler) before `start`. `start({ workers: true })`
 * also polls and runs the handlers; a process that only enqueues (or a test that runs jobs by hand with
 * `runDue`) starts without workers.
 */
import { sql, type SQL } from 'drizzle-orm';
import { fromDrizzle, fromPglite, PgBoss, type Db as BossDb, type Job, type Queue, type SendOptions } from 'pg-boss';
import { insertJobs } from 'pg-boss/dist/plans.js';
import { rowsOf, type Database, type DbOrTx } from '../db/client';

export interface JobLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** what a handler learns about the job it runs */
export interface JobInfo {
  id: string;
  name: string;
  /** 0 on the first attempt */
  retryCount: number;
}

export type JobHandler<T> = (data: T, job: JobInfo) => Promise<void>;

export interface QueueDefinition<T> {
  name: string;
  /** policy, retries, backoff, expiry, retention (pg-boss queue options) */
  options?: Omit<Queue, 'name'>;
  handler: JobHandler<T>;
  /** seconds between polls while idle (default 2) */
  pollingIntervalSeconds?: number;
  /** jobs run at once by this process (default 1) */
  concurrency?: number;
  /** a cron expression (UTC): with workers, pg-boss enqueues one job of this queue at each tick (one per cluster) */
  cron?: string;
  /** with workers, also enqueue one job as the queue starts (work left by a process that died resumes at once) */
  runAtStart?: boolean;
}

/**
 * A worker loop of its own beside pg-boss's (e.g. the postback outbox): started with the workers, stopped before the
 * queue, and run once by `runDue` in tests.
 */
export interface LoopDefinition {
  name: string;
  start(): void;
  stop(): Promise<void>;
  /** takes the work due now, at most `max`, once; answers how much it took */
  runDue(max?: number): Promise<number>;
}

export interface SendJobOptions extends Omit<SendOptions, 'db'> {
  /** the caller's database handle or open transaction: the job commits (or rolls back) with it */
  db?: DbOrTx;
}

const SCHEMA = 'pgboss';
/** a job id that never exists: looking it up loads a queue into pg-boss's cache */
const NIL_UUID = '00000000-0000-0000-0000-000000000000';

export class JobQueue {
  readonly boss: PgBoss;
  private readonly definitions = new Map<string, QueueDefinition<unknown>>();
  private readonly loops = new Map<string, LoopDefinition>();
  private loopsRunning = false;
  private state: 'created' | 'started' | 'stopped' = 'created';
  private booting: Promise<void> | undefined;
  private workersStarted = false;
  private stopping = false;

  constructor(
    private readonly database: Database,
    readonly log: JobLog,
  ) {
    this.boss =
      database.kind === 'pglite'
        ? new PgBoss({ db: fromPglite(database.pglite as never), backend: 'pglite', schema: SCHEMA })
        : new PgBoss({ db: poolAdapter(database), schema: SCHEMA });
    this.boss.on('error', (err) => this.log.error({ err }, 'job queue error'));
    this.boss.on('warning', (warning) => this.log.warn({ warning }, `job queue warning: ${warning.message}`));
  }

  get started() {
    return this.state === 'started';
  }

  /** Declares a queue and its handler; call before `start`. */
  define<T>(definition: QueueDefinition<T>): this {
    if (this.state !== 'created') throw new Error(`queue ${definition.name} must be defined before the job queue starts`);
    if (this.definitions.has(definition.name)) throw new Error(`queue ${definition.name} is defined twice`);
    this.definitions.set(definition.name, definition as QueueDefinition<unknown>);
    return this;
  }

  /** Declares a worker loop of its own; call before `start`. */
  defineLoop(loop: LoopDefinition): this {
    if (this.state !== 'created') throw new Error(`loop ${loop.name} must be defined before the job queue starts`);
    if (this.loops.has(loop.name) || this.definitions.has(loop.name)) throw new Error(`${loop.name} is defined twice`);
    this.loops.set(loop.name, loop);
    return this;
  }

  has(name: string) {
    return this.definitions.has(name);
  }

  /**
   * pg-boss's own start (its schema installed or checked, its queue cache loaded), which needs no queue defined yet:
   * the server begins it while it builds the app, so the database does this while the request thread defines the
   * routes and jobs (docs/decisions/platform.md, "A restart under 3 s on the embedded database"). `start` waits for
   * it, or begins it.
   */
  boot(): Promise<void> {
    this.booting ??= this.boss.start().then(() => undefined);
    return this.booting;
  }

  /**
   * Installs pg-boss's schema if needed (`boot`), creates the defined queues and, with `workers`, starts polling.
   * The queue cache is loaded here: on PGlite (one connection) a cache miss inside a transaction would
   * wait for the connection that transaction holds.
   */
  async start(opts: { workers: boolean }): Promise<void> {
    if (this.state !== 'created') throw new Error('the job queue was already started');
    await this.boot();
    // pg-boss's start loaded every existing queue into its cache; a queue that exists with this code's options is left
    // as it is (a restart: no round trip per queue), only a new or changed one is written and loaded again
    const existing = new Map((await this.boss.getQueues()).map((q) => [q.name, q]));
    for (const def of this.definitions.values()) {
      // an existing queue takes the options of this version of the code
      // (the policy is fixed at creation: pg-boss refuses to update it)
      const { policy: _policy, ...updatable } = def.options ?? {};
      const found = existing.get(def.name);
      if (found && Object.entries(updatable).every(([key, value]) => found[key as keyof typeof found] === value)) continue;
      if (!found) await this.boss.createQueue(def.name, def.options ?? {});
      else await this.boss.updateQueue(def.name, updatable);
      await this.boss.findJobs(def.name, { id: NIL_UUID });
    }
    this.state = 'started';
    if (opts.workers) await this.startWorkers();
  }

  /**
   * Polls and runs the handlers, schedules the cron queues and starts the loops, on a started queue. The server calls it
   * once it listens, so the first requests are not queued behind the workers' first polls on the embedded database's
   * one connection (docs/decisions/platform.md, "A restart under 3 s on the embedded database").
   */
  async startWorkers(): Promise<void> {
    if (this.state !== 'started') throw new Error('the job queue must be started before its workers');
    if (this.workersStarted) throw new Error('the workers were already started');
    this.workersStarted = true;
    // a schedule stored as this code defines it is left as it is (a restart: no write per cron queue, 20-35 ms each
    // on the embedded database); a new or changed one is written
    // (this queue schedules each cron queue under the empty key)
    const stored = new Map((await this.boss.getSchedules()).filter((s) => !s.key).map((s) => [s.name, s]));
    const unchanged = (name: string, cron: string) => {
      const found = stored.get(name);
      const empty = (value: unknown) => value == null || (typeof value === 'object' && !Object.keys(value).length);
      return !!found && found.cron === cron && found.timezone === 'UTC' && empty(found.data) && empty(found.options);
    };
    for (const def of this.definitions.values()) {
      // a stop that came meanwhile (SIGTERM in the first moments) ends the start here: no worker after the stop
      if (this.stopping) return;
      // A worker fetching one job at a time waits the polling interval after each one, so a queue drained at most
      // concurrency / interval jobs a second (8/s for outbound postbacks, whatever the backlog). Instead two
      // workers each fetch up to half the concurrency and, while their batches come back full, fetch again at once:
      // a backlog drains at the handlers' speed, and one slow job holds back only its own batch.
      const concurrency = def.concurrency ?? 1;
      const workers = concurrency > 1 ? 2 : 1;
      const batchSize = Math.ceil(concurrency / workers);
      await this.boss.work<unknown>(
        def.name,
        {
          batchSize,
          burstWhenBatchFull: batchSize > 1,
          perJobResults: true,
          pollingIntervalSeconds: def.pollingIntervalSeconds ?? 2,
          localConcurrency: workers,
        },
        async (jobs) =>
          Promise.all(
            jobs.map(async (job) => {
              try {
                await this.run(def, job);
                return { id: job.id, status: 'completed' as const };
              } catch (err) {
                // failed alone: the queue retries it per its policy, the rest of the batch completes
                return { id: job.id, status: 'failed' as const, output: { message: (err as Error).message } };
              }
            }),
          ),
      );
      if (def.cron && !unchanged(def.name, def.cron)) await this.boss.schedule(def.name, def.cron, {});
      if (def.runAtStart) await this.boss.send(def.name, {});
    }
    if (this.stopping) return;
    for (const loop of this.loops.values()) loop.start();
    this.loopsRunning = true;
  }

  /** Enqueues a job; with `db` it becomes part of that transaction. Answers the job id. */
  async send<T extends object>(name: string, data: T, opts: SendJobOptions = {}): Promise<string> {
    if (!this.definitions.has(name)) throw new Error(`unknown job queue ${name}`);
    if (this.state !== 'started') throw new Error(`the job queue is not started (sending ${name})`);
    const { db, ...rest } = opts;
    const id = await this.boss.send(name, data, { ...rest, ...(db ? { db: drizzleAdapter(db) } : {}) });
    if (!id) throw new Error(`job ${name} was not created`);
    return id;
  }

  /**
   * Enqueues a job unless the queue's policy (e.g. 'exclusive' with a `singletonKey`) already holds one for that key:
   * answers the job id, or null when it was suppressed.
   */
  async sendUnlessQueued<T extends object>(name: string, data: T, opts: SendJobOptions & { singletonKey: string }): Promise<string | null> {
    if (!this.definitions.has(name)) throw new Error(`unknown job queue ${name}`);
    if (this.state !== 'started') throw new Error(`the job queue is not started (sending ${name})`);
    const { db, ...rest } = opts;
    return this.boss.send(name, data, { ...rest, ...(db ? { db: drizzleAdapter(db) } : {}) });
  }

  /** Enqueues several jobs of one queue in one statement; with `db` they become part of that transaction. */
  async sendMany<T extends object>(name: string, items: readonly T[], opts: { db?: DbOrTx } = {}): Promise<void> {
    if (!this.definitions.has(name)) throw new Error(`unknown job queue ${name}`);
    if (this.state !== 'started') throw new Error(`the job queue is not started (sending ${name})`);
    if (!items.length) return;
    await this.boss.insert(
      name,
      items.map((data) => ({ data })),
      opts.db ? { db: drizzleAdapter(opts.db) } : {},
    );
  }

  /**
   * Runs the jobs of a queue that are due now (at most `max`), each once, through the same path as a worker:
   * success completes the job, an error fails it (pg-boss retries it later per the queue's policy).
   * `ignoreStartAfter` also takes jobs waiting for a retry delay. Answers how many jobs ran. Used by tests. For a loop
   * (`defineLoop`), its own `runDue`.
   */
  async runDue(name: string, opts: { ignoreStartAfter?: boolean; max?: number } = {}): Promise<number> {
    const loop = this.loops.get(name);
    if (loop) return loop.runDue(opts.max ?? 100);
    const def = this.definitions.get(name);
    if (!def) throw new Error(`unknown job queue ${name}`);
    const jobs = await this.boss.fetch<unknown>(name, { batchSize: opts.max ?? 100, ignoreStartAfter: !!opts.ignoreStartAfter });
    for (const job of jobs) {
      try {
        await this.run(def, job);
      } catch (err) {
        await this.boss.fail(name, job, { message: (err as Error).message });
        continue;
      }
      await this.boss.complete(name, job);
    }
    return jobs.length;
  }

  /** Stops polling, lets running jobs finish (up to `timeoutMs`), and detaches from the database. */
  async stop(timeoutMs = 10_000): Promise<void> {
    this.stopping = true;
    if (this.state !== 'started') {
      this.state = 'stopped';
      // booted but never started (the start failed after `boot`): pg-boss's own timers stop
      if (this.booting)
        await this.booting.then(
          () => this.boss.stop({ graceful: false, close: false }),
          () => undefined,
        );
      return;
    }
    // the loops' work in flight is finished first (it may hand jobs to the queue)
    if (this.loopsRunning) {
      this.loopsRunning = false;
      await Promise.all([...this.loops.values()].map((loop) => loop.stop()));
    }
    // the jobs still running may enqueue (a lead's retry): the queue takes sends until they are over
    try {
      await this.boss.stop({ graceful: true, timeout: timeoutMs, close: false });
    } finally {
      this.state = 'stopped';
    }
  }

  private async run(def: QueueDefinition<unknown>, job: Job<unknown>): Promise<void> {
    try {
      await def.handler(job.data, { id: job.id, name: job.name, retryCount: job.retryCount });
    } catch (err) {
      const retryLimit = def.options?.retryLimit ?? 2;
      this.log.warn(
        { err, job: { id: job.id, name: job.name, retryCount: job.retryCount } },
        `job ${job.name} ${job.id} failed (attempt ${job.retryCount + 1} of ${retryLimit + 1}): ${(err as Error).message}`,
      );
      throw err;
    }
  }
}

/** pg-boss statements through the application's pool (multi-statement text goes through the simple protocol). */
function poolAdapter(database: Database): BossDb {
  const pool = database.pool;
  if (!pool) throw new Error('a PostgreSQL database without a pool');
  return { executeSql: (text, values) => pool.query(text, values as unknown[]) as never };
}

function drizzleAdapter(db: DbOrTx): BossDb {
  return fromDrizzle(db as never, sql as never);
}

/** The queue of a database; call `start` once the handlers are defined. */
export function createJobQueue(database: Database, log: JobLog): JobQueue {
  return new JobQueue(database, log);
}

/** the INSERT text of each queue's jobs (pg-boss's own), by queue name; the queue's table never changes */
const insertTexts = new WeakMap<JobQueue, Map<string, string>>();

/**
 * Jobs of a defined queue as plain SQL, to embed as a data-modifying CTE of the caller's own statement
 * (`with ..., jobs as (${sql}) ...`): the jobs commit with the rows that cause them in one round trip. It is pg-boss's
 * own insert (the queue's retry policy, expiry and retention apply as with `send`) and returns the job ids. A queue
 * whose jobs wake the workers by NOTIFY is refused: that needs a statement of its own (use `send`).
 */
export async function jobInsertSql<T extends object>(queue: JobQueue, db: DbOrTx, name: string, items: readonly T[]): Promise<SQL> {
  const [before, after] = (await jobInsertText(queue, db, name, '$1::text::json')).split('$1::text::json');
  return sql`${sql.raw(before)}${JSON.stringify(items.map((data) => ({ data })))}::text::json${sql.raw(after)}`;
}

/**
 * The same insert as a fixed text for the caller's own prepared statement: `param` is the SQL of its jobs' JSON text
 * (e.g. `$5::text::json`), an array of `{ data }`. The text never changes for a queue (its table is fixed).
 */
export async function jobInsertText(queue: JobQueue, db: DbOrTx, name: string, param: string): Promise<string> {
  if (!queue.has(name)) throw new Error(`unknown job queue ${name}`);
  if (!queue.started) throw new Error(`the job queue is not started (sending ${name})`);
  let texts = insertTexts.get(queue);
  if (!texts) insertTexts.set(queue, (texts = new Map()));
  let text = texts.get(name);
  if (!text) {
    // through the caller's handle: on PGlite (one connection) pg-boss's own look-up would wait for the caller's transaction
    const [info] = rowsOf<{ table: string; notify: boolean }>(
      await db.execute(sql`select table_name as "table", notify from ${sql.raw(SCHEMA)}.queue where name = ${name}`),
    );
    if (!info) throw new Error(`job queue ${name} does not exist`);
    if (info.notify) throw new Error(`job queue ${name} notifies its workers: enqueue with send`);
    text = insertJobs(SCHEMA, { table: info.table, name, returnId: true });
    texts.set(name, text);
  }
  return text.replace('$1::text::json', () => param);
}
