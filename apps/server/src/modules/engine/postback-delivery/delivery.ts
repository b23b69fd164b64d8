/**
 * Outbound affiliate postbacks (architecture §5, product §3 Postback, §4 postback event statuses). When a conversion or a
 * lead changes, `enqueuePostbackEvents` finds the active postbacks that apply — the affiliate's own, its team's and the
 * network's global one — whose events (or goal events for the conversion's goal) include the event, and puts one
 * delivery per postback in the outbox (outbox.ts) in the caller's transaction: the event and its postbacks commit
 * together. A campaign that names postbacks narrows the affiliate's own to those for its events (team and global ones
 * still fire).
 *
 * A delivery reads the postback as it is at delivery (a URL fixed after failures is used by the next retry; a postback
 * deactivated or deleted meanwhile is no longer called), substitutes the macros, calls the URL through the SSRF guard
 * with a timeout and logs every attempt as an affiliate postback log (`system_logs` postback_out). The outbox makes the
 * first attempt; one that fails becomes a `postback-deliver` job, which throws on failure so the queue retries with
 * exponential backoff (delivery.jobs.ts). Staff-only macros (revenue, advertiser id) never reach an affiliate.
 */
import { MACROS, POSTBACK_EVENTS, substituteMacros, type MacroValues, type PostbackEvent } from '@leadgrid/shared';
import type { Config } from '../../../config';
import type { Database } from '../../../db/client';
import type { systemLogs } from '../../../db/schema';
import type { Ctx } from '../../../http/context';
import type { JobInfo } from '../../../jobs/queue';
import { Batcher } from '../../../lib/batcher';
import { callOutbound, notCalled, type OutboundRequest } from '../../../lib/outbound';
import { pgJson } from '../../../lib/pg-text';
import { hostOf, type HostBreaker } from './breaker';
import { insertLogsSql, logRow } from './logs';
import { enqueueDeliveries, type PostbackDeliverJob } from './enqueue';
import { directTargetReads, type PostbackTargetReads, type TargetPostback } from './targets';

export type { PostbackDeliverJob } from './enqueue';

export const POSTBACK_DELIVER_JOB = 'postback-deliver';
/** how long an affiliate's server has to answer one postback */
export const POSTBACK_TIMEOUT_MS = 10_000;
/** retries after the first attempt: 30 s doubling (pg-boss backoff), about two hours in all */
export const POSTBACK_RETRY_LIMIT = 8;
export const POSTBACK_RETRY_DELAY_S = 30;

const STAFF_ONLY_MACROS: readonly string[] = MACROS.filter((m) => m.staffOnly).map((m) => m.name);

export interface PostbackEventInput {
  event: PostbackEvent;
  affiliateId: number;
  /** the affiliate's team; when left out, the teams the affiliate is a member of (null: no team postbacks) */
  teamId?: number | null;
  /** the campaign of the lead or click (default: the `campaign_id` macro value); its postbacks narrow the affiliate's */
  campaignId?: number | null;
  /** the conversion's goal: postbacks listening to this goal's events fire too */
  goalId?: number | null;
  leadId?: number | null;
  conversionId?: number | null;
  /** conversion status number (product §4), kept on the log */
  conversionStatus?: number | null;
  /** macro values of the event (click, lead, conversion, offer); staff-only ones are dropped */
  values: MacroValues;
}

/** the values an affiliate may receive: staff-only macros removed, the event, affiliate and time filled in */
export function affiliateMacroValues(input: PostbackEventInput, at: Date): Record<string, string | number | null> {
  const out: Record<string, string | number | null> = {};
  for (const [k, v] of Object.entries(input.values)) if (v !== undefined && !STAFF_ONLY_MACROS.includes(k)) out[k] = v;
  out.event = input.event;
  out.affiliate_id ??= input.affiliateId;
  out.timestamp ??= Math.floor(at.getTime() / 1000);
  return out;
}

/** Does this postback listen to the event (directly, or through the goal's events)? */
export function postbackListens(
  row: { events: string[]; goalEvents: { goalId: number; events: string[] }[] },
  event: PostbackEvent,
  goalId: number | null | undefined,
): boolean {
  if (row.events.includes(event)) return true;
  return goalId != null && row.goalEvents.some((g) => g.goalId === goalId && g.events.includes(event));
}

/** The campaign of the event: given, or the `campaign_id` macro value. */
function campaignOf(input: PostbackEventInput): number | null {
  const fromValues = Number(input.values.campaign_id);
  return input.campaignId !== undefined ? input.campaignId : Number.isInteger(fromValues) && fromValues > 0 ? fromValues : null;
}

/** The active postbacks that fire for the event (its affiliate's, team's and the global ones), by id. */
export async function firingPostbacks(reads: PostbackTargetReads, input: PostbackEventInput): Promise<TargetPostback[]> {
  if (!(POSTBACK_EVENTS as readonly string[]).includes(input.event)) throw new Error(`unknown postback event ${input.event}`);
  const teamIds = input.teamId === undefined ? await reads.teamsOf(input.affiliateId) : input.teamId === null ? [] : [input.teamId];
  const rows = await reads.owned(input.affiliateId, teamIds);
  const listening = rows.filter((r) => postbackListens(r, input.event, input.goalId));
  // the campaign is read only when one of the affiliate's own postbacks would fire (the hot path stays one query)
  const campaignId = listening.some((r) => r.scope === 'affiliate') ? campaignOf(input) : null;
  const bound = campaignId === null ? null : await reads.campaignBound(campaignId);
  return listening.filter((r) => r.scope !== 'affiliate' || bound === null || bound.has(r.id));
}

/** The delivery job of each firing postback. */
export function deliveryJobs(input: PostbackEventInput, firing: readonly { id: number }[], at: Date): PostbackDeliverJob[] {
  const values = affiliateMacroValues(input, at);
  return firing.map((row) => ({
    postbackId: row.id,
    event: input.event,
    affiliateId: input.affiliateId,
    goalId: input.goalId ?? null,
    leadId: input.leadId ?? null,
    conversionId: input.conversionId ?? null,
    conversionStatus: input.conversionStatus ?? null,
    values,
  }));
}

/**
 * Puts one delivery per applicable active postback in the outbox (outbox.ts), in the caller's transaction (`ctx.db`). Answers the ids of the
 * postbacks that will fire.
 */
export async function enqueuePostbackEvents(ctx: Ctx, input: PostbackEventInput): Promise<number[]> {
  const firing = await firingPostbacks(directTargetReads(ctx.db), input);
  await enqueueDeliveries(ctx, deliveryJobs(input, firing, ctx.now()));
  return firing.map((r) => r.id);
}

export interface DeliveryDeps {
  database: Database;
  config: Pick<Config, 'ALLOW_PRIVATE_CALLBACKS'>;
  now: () => Date;
  /** the job workers' group commit of attempt logs (without it each log is its own insert) */
  logs?: Batcher<typeof systemLogs.$inferInsert, number>;
  /** the job workers' shared look-up of the postbacks they deliver (without it each job reads its own) */
  postbacks?: Batcher<number, DeliveredPostback | null>;
  /** the job workers' breaker of receivers that stopped answering (without it every call is made) */
  breaker?: HostBreaker;
  /** how long a receiver has to answer (default POSTBACK_TIMEOUT_MS) */
  timeoutMs?: number;
}

/** what a delivery reads of its postback, as it is at delivery */
export interface DeliveredPostback {
  id: number;
  url: string;
  method: string;
}

const INSERT_ATTEMPT_LOGS = `${insertLogsSql('$1::json')}\nreturning id::float8 as id`;

/**
 * The attempt logs of the job workers, group-committed: attempts that end while a log insert is in flight are logged
 * together by the next one (one prepared statement taking the rows as JSON, and one commit), so a backlog of
 * deliveries does not cost a round trip each.
 */
export function attemptLogWriter(database: Database): Batcher<typeof systemLogs.$inferInsert, number> {
  return new Batcher((rows) => insertAttemptLogs(database, rows), { max: 100, parallel: 2 });
}

/** attempt logs in one statement; answers their ids in order */
async function insertAttemptLogs(database: Database, rows: (typeof systemLogs.$inferInsert)[]): Promise<number[]> {
  return (await database.query<{ id: number }>(INSERT_ATTEMPT_LOGS, [pgJson(rows.map(logRow))], 'postback_out_logs')).rows.map((r) => r.id);
}

const ACTIVE_POSTBACKS = `select id, url, method from postbacks where id = any($1::int[]) and status = 'active'`;

/** the active postbacks among these ids, by id (one statement; a gone or inactive one is absent) */
async function activePostbacks(database: Database, ids: number[]): Promise<Map<number, DeliveredPostback>> {
  const { rows } = await database.query<DeliveredPostback>(ACTIVE_POSTBACKS, [`{${[...new Set(ids)].join(',')}}`], 'postbacks_active');
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * The postbacks the job workers deliver, read as they are at delivery: the jobs of a worker's batch run at once, and
 * their look-ups share one statement (null: gone or inactive).
 */
export function postbackLookup(database: Database): Batcher<number, DeliveredPostback | null> {
  return new Batcher(
    async (ids) => {
      const byId = await activePostbacks(database, ids);
      return ids.map((id) => byId.get(id) ?? null);
    },
    { max: 100, parallel: 2 },
  );
}

/** The request of one postback: GET calls the URL; POST sends its query string as a form body too. */
export function buildPostbackRequest(method: string, url: string, timeoutMs = POSTBACK_TIMEOUT_MS): OutboundRequest {
  if (method.toUpperCase() !== 'POST') return { method: 'GET', url, headers: {}, body: null, timeoutMs };
  let query = '';
  try {
    query = new URL(url).search.replace(/^\?/, '');
  } catch {
    // an unparseable URL is reported by the call itself
  }
  return {
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: query,
    timeoutMs,
  };
}

export type DeliveryOutcome = 'delivered' | 'skipped';

export interface AttemptResult {
  logId: number;
  success: boolean;
  url: string;
  responseStatus: number | null;
  msg: string;
}

/**
 * Calls one postback once with the job's values; never throws for the affiliate's answer. Answers the attempt's log
 * row (an affiliate postback log, `system_logs` postback_out) for the caller to write. `test` marks a call asked for
 * from the screen.
 */
export async function callPostback(
  deps: DeliveryDeps,
  postback: { id: number; url: string; method: string },
  job: PostbackDeliverJob,
  attempt: number,
  opts: { test?: boolean } = {},
): Promise<Omit<AttemptResult, 'logId'> & { row: typeof systemLogs.$inferInsert }> {
  const url = substituteMacros(postback.url, job.values);
  const request = buildPostbackRequest(postback.method, url, deps.timeoutMs);
  // a test from the screen always calls; a delivery skips a receiver that stopped answering (breaker.ts)
  const breaker = opts.test ? undefined : deps.breaker;
  const host = breaker ? hostOf(url) : null;
  const refusal = host ? breaker!.admit(host) : null;
  const result = refusal ? notCalled(request, refusal) : await callOutbound(request, { allowPrivate: deps.config.ALLOW_PRIVATE_CALLBACKS });
  if (host && !refusal) breaker!.record(host, { answered: result.response !== null, timedOut: !!result.timedOut });
  const status = result.response?.status ?? null;
  const success = status !== null && status >= 200 && status < 300;
  const answer = success ? `Delivered (HTTP ${status})` : (result.error ?? `The affiliate's server answered HTTP ${status}`);
  const msg = (opts.test ? `Test: ${answer}` : answer).slice(0, 500);
  const row: typeof systemLogs.$inferInsert = {
    createdAt: deps.now(),
    type: 'postback_out',
    entity: 'affiliate',
    affiliateId: job.affiliateId > 0 ? job.affiliateId : null,
    postbackId: postback.id,
    leadId: job.leadId,
    conversionId: job.conversionId,
    goalId: job.goalId,
    conversionStatus: job.conversionStatus,
    event: job.event,
    data: {
      request: result.request,
      durationMs: result.response?.durationMs ?? null,
      responseTruncated: result.response?.truncated ?? false,
      error: result.error,
      ...(opts.test ? { test: true } : {}),
    },
    responseStatus: status,
    responseBody: result.response?.body ?? null,
    success,
    msg,
    attempt,
  };
  return { row, success, url: result.request.url, responseStatus: status, msg };
}

/** Calls one postback once (`callPostback`) and logs the attempt; never throws for the affiliate's answer. */
export async function attemptPostback(
  deps: DeliveryDeps,
  postback: { id: number; url: string; method: string },
  job: PostbackDeliverJob,
  attempt: number,
  opts: { test?: boolean } = {},
): Promise<AttemptResult> {
  const { row, ...result } = await callPostback(deps, postback, job, attempt, opts);
  const logId = deps.logs ? await deps.logs.add(row) : (await insertAttemptLogs(deps.database, [row]))[0];
  return { logId, ...result };
}

/**
 * One delivery attempt: logs it and answers 'delivered', answers 'skipped' when the postback is gone or inactive, and
 * throws (after logging) when the affiliate's server did not take it, so the queue retries.
 */
export async function deliverPostback(
  deps: DeliveryDeps,
  job: PostbackDeliverJob,
  info: Pick<JobInfo, 'retryCount'>,
): Promise<DeliveryOutcome> {
  const postback = deps.postbacks
    ? await deps.postbacks.add(job.postbackId)
    : (await activePostbacks(deps.database, [job.postbackId])).get(job.postbackId);
  if (!postback) return 'skipped';
  const result = await attemptPostback(deps, postback, job, (job.priorAttempts ?? 0) + info.retryCount + 1);
  if (!result.success) throw new Error(result.msg);
  return 'delivered';
}
