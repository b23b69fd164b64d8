/**
 * The first attempt of every outbound postback goes through a lean outbox of its own (docs/decisions/engine.md
 * "The postback outbox"); only a delivery that fails becomes a job of the retry queue (delivery.ts, pg-boss).
 *
 * - **Enqueue.** A narrow row (`postback_outbox`: id, the delivery as JSON, a claim lease) inserted by the statement
 *   or transaction that changes the lead or conversion (`outboxInsertSql` as a CTE, or `enqueueDeliveries`): the event
 *   and its postbacks commit together, or neither does.
 * - **Claim.** A worker takes up to a batch of unclaimed rows in id order (`FOR UPDATE SKIP LOCKED`, so two workers or
 *   processes never take one row) by setting their lease, and reads their postbacks as they are now in the same
 *   statement. The lease is not indexed, so the claim is a HOT update of a row on its own page.
 * - **Deliver.** Each postback is called once, through the same call, SSRF guard and breaker as a retry (delivery.ts
 *   `callPostback`).
 * - **Settle.** ONE statement deletes the batch's rows, writes every attempt's log and hands each failed delivery to
 *   the retry queue (pg-boss's own insert as a CTE, first retry after POSTBACK_RETRY_DELAY_S, the attempts left).
 *   A process that dies between the claim and the settle leaves its rows claimed: they are claimed again once the
 *   lease has passed (at least once, as with a job that expired).
 *
 * Against a pg-boss job per delivery (a wide row with five indexes inserted, updated to active, updated to completed,
 * deleted later by maintenance, and a log insert of its own) this writes a narrow row three times and settles a batch
 * in one statement.
 */
import { jobInsertText, type JobQueue } from '../../../jobs/queue';
import { pgJson } from '../../../lib/pg-text';
import {
  callPostback,
  POSTBACK_DELIVER_JOB,
  POSTBACK_RETRY_DELAY_S,
  POSTBACK_RETRY_LIMIT,
  type DeliveredPostback,
  type DeliveryDeps,
  type PostbackDeliverJob,
} from './delivery';
import { outboxWakers } from './enqueue';
import { insertLogsSql, logRow } from './logs';

/** the outbox's name on the job queue (a loop of its own, run with the workers; `queue.runDue` runs it in tests) */
export const POSTBACK_OUTBOX = 'postback-outbox';
/** a claimed row not settled within this time (its process died) is claimed again */
export const OUTBOX_LEASE_S = 120;
/** rows a worker claims at once */
export const OUTBOX_BATCH = 50;
/** workers claiming in parallel: one slow receiver holds back only its own batch */
export const OUTBOX_WORKERS = 2;
/** how long a wake-up waits for more rows before the workers claim */
export const OUTBOX_GATHER_MS = 20;
/** how often an idle worker looks for rows written by another process (a row written here wakes it at once) */
export const OUTBOX_POLL_MS = 500;

const CLAIM = `
with claimed as (
  update postback_outbox set claimed_until = $2
  where id = any(array(
    select id from postback_outbox where claimed_until is null or claimed_until < $3
    order by id limit $1 for update skip locked))
  returning id, data
)
select c.id::float8 as id, c.data, p.url, p.method
from claimed c left join postbacks p on p.id = (c.data->>'postbackId')::int and p.status = 'active'
order by c.id`;

interface ClaimedRow {
  id: number;
  data: PostbackDeliverJob;
  url: string | null;
  method: string | null;
}

/** the settle statement: rows deleted, attempt logs written, failures handed to the retry queue */
const settleSql = (retryInsert: string) => `
with gone as (delete from postback_outbox where id = any($1::bigint[])),
retries as (${retryInsert}),
logs as (${insertLogsSql('$3::json')} returning 1)
select (select count(*) from logs)::int as logged`;

export class PostbackOutbox {
  private running = false;
  private loops: Promise<void>[] = [];
  private sleepers = new Set<() => void>();
  private settleText: string | null = null;
  private gathering: NodeJS.Timeout | null = null;
  /** a wake-up lets the rows of the next few milliseconds gather first: fewer, fuller claims under load */
  private readonly wake = () => {
    if (this.gathering || !this.sleepers.size) return;
    this.gathering = setTimeout(() => {
      this.gathering = null;
      this.wakeNow();
    }, OUTBOX_GATHER_MS);
  };
  private wakeNow() {
    for (const resolve of this.sleepers) resolve();
    this.sleepers.clear();
  }

  constructor(
    private readonly deps: DeliveryDeps,
    private readonly queue: JobQueue,
  ) {}

  /** starts the workers (with the job queue's workers) */
  start(): void {
    if (this.running) return;
    this.running = true;
    outboxWakers(this.deps.database).add(this.wake);
    this.loops = Array.from({ length: OUTBOX_WORKERS }, () => this.loop());
  }

  /** stops claiming; the batches in flight are delivered and settled first */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    outboxWakers(this.deps.database).delete(this.wake);
    if (this.gathering) clearTimeout(this.gathering);
    this.gathering = null;
    this.wakeNow();
    await Promise.all(this.loops);
    this.loops = [];
  }

  /** Claims, delivers and settles the rows due now, at most `max`, once each. Answers how many it took. */
  async runDue(max = OUTBOX_BATCH): Promise<number> {
    const now = this.deps.now();
    const { rows } = await this.deps.database.query<ClaimedRow>(
      CLAIM,
      [max, new Date(now.getTime() + OUTBOX_LEASE_S * 1000).toISOString(), now.toISOString()],
      'postback_outbox_claim',
    );
    if (!rows.length) return 0;
    const attempts = await Promise.all(rows.map((row) => this.attempt(row)));
    const failed = attempts.flatMap((a, i) => (a && !a.success ? [rows[i].data] : []));
    const logs = attempts.flatMap((a) => (a ? [logRow(a.row)] : []));
    const retries = failed.map((data) => ({
      data: { ...data, priorAttempts: (data.priorAttempts ?? 0) + 1 },
      startAfter: `${POSTBACK_RETRY_DELAY_S} seconds`,
      retryLimit: Math.max(0, POSTBACK_RETRY_LIMIT - 1 - (data.priorAttempts ?? 0)),
    }));
    await this.deps.database.query(
      await this.settleStatement(),
      [`{${rows.map((r) => r.id).join(',')}}`, pgJson(retries), pgJson(logs)],
      'postback_outbox_settle',
    );
    return rows.length;
  }

  /** one delivery's call (null: its postback is gone or inactive, so it is dropped unlogged, as a job would be) */
  private async attempt(row: ClaimedRow) {
    if (row.url === null || row.method === null) return null;
    const postback: DeliveredPostback = { id: row.data.postbackId, url: row.url, method: row.method };
    return callPostback(this.deps, postback, row.data, (row.data.priorAttempts ?? 0) + 1);
  }

  private async settleStatement(): Promise<string> {
    this.settleText ??= settleSql(await jobInsertText(this.queue, this.deps.database.db, POSTBACK_DELIVER_JOB, '$2::text::json'));
    return this.settleText;
  }

  private async loop(): Promise<void> {
    while (this.running) {
      let took = 0;
      try {
        took = await this.runDue(OUTBOX_BATCH);
      } catch (err) {
        // the rows stay claimed and come back after the lease; a database that is away is retried at the next poll
        this.queue.log.error({ err }, `postback outbox: ${(err as Error).message}`);
      }
      if (took < OUTBOX_BATCH && this.running) await this.sleep();
    }
  }

  private sleep(): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.sleepers.delete(done);
        resolve();
      }, OUTBOX_POLL_MS);
      const done = () => {
        clearTimeout(timer);
        resolve();
      };
      this.sleepers.add(done);
    });
  }
}
