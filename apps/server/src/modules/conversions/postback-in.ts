/**
 * The advertiser's inbound postback `GET|POST /postback/:postbackKey` (ARCHITECTURE §5): finds the integration by its
 * postback key, reads the parameters by the names of its postback section (query, form or JSON body), checks the IP
 * allow-list and the secure code, maps the advertiser status through leadStatusMappings, updates the lead (status,
 * grade, a lead_events row) and creates or updates the conversion of the lead's (or click's) goal, priced by the
 * offer's payment rules — all in one transaction, with the outbound affiliate postbacks of what changed (conversion
 * created or its status changed, the lead's status, its grade). Every postback, accepted or refused, is a
 * `postback_in` system log.
 *
 * The hot path (issue 7): what every postback reads besides its lead comes from memory (postback-in.reads.ts, emptied
 * by the change feed), and an accepted postback is one transaction of three statements: the lead (with its click)
 * locked, the conversion it already has (with the next conversion id), then ONE statement that writes the conversion,
 * the lead's status and history, the outbound postbacks' jobs and the log.
 */
import { BlockList, isIP } from 'node:net';
import {
  CONVERSION_STATUS,
  LATE_CONVERSION_MARK,
  POSTBACK_EVENTS,
  type PostbackEvent,
  convert,
  pickPaymentRule,
  postbackSection,
  priceConversion,
  roundMoney,
  type LeadStatusMapping,
  type Postback,
  type PostbackInAnswer,
  type SieveLike,
} from '@leadgrid/shared';
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Config } from '../../config';
import { rowsOf, type Database, type DbOrTx } from '../../db/client';
import { clicks, conversions, integrations, leadEvents, leads, systemLogs } from '../../db/schema';
import type { Ctx } from '../../http/context';
import { jobInsertSql, type JobQueue } from '../../jobs/queue';
import { Batcher } from '../../lib/batcher';
import { pgSafe } from '../../lib/pg-text';
import type { ChangeFeed } from '../../tracking/change-feed';
import { countConversion, type CountedConversion } from '../caps/cap-engine';
import { deliveryJobs, firingPostbacks, POSTBACK_DELIVER_JOB, type PostbackDeliverJob } from '../postback-delivery';
import { PostbackInReads, type PostbackReads } from './postback-in.reads';

export interface InboundPostback {
  key: string;
  ip: string;
  method: string;
  url: string;
  query: Record<string, unknown>;
  body: unknown;
}

export interface PostbackOutcome {
  code: number;
  answer: PostbackInAnswer;
  /** set when a conversion was created or its status changed (outbound affiliate postbacks follow) */
  changed?: { conversionId: number; created: boolean; status: number };
}

type IntegrationRow = typeof integrations.$inferSelect;
type ConversionInsert = typeof conversions.$inferInsert;
type LeadRow = typeof leads.$inferSelect;
type ClickRow = typeof clicks.$inferSelect;

class Refusal extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

const UNKNOWN_KEY = 'Unknown postback key';
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const AMOUNT_RE = /^-?\d{1,12}(\.\d{1,8})?$/;
const CURRENCY_RE = /^[A-Za-z]{3}$/;

/** the query and the form/JSON body as one flat map of strings (the body wins) */
export function postbackParams(query: Record<string, unknown>, body: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  const put = (src: unknown) => {
    if (!src || typeof src !== 'object' || Array.isArray(src)) return;
    for (const [k, v] of Object.entries(src as Record<string, unknown>)) {
      const value = Array.isArray(v) ? v[0] : v;
      if (value === undefined || value === null || typeof value === 'object') continue;
      out[k] = String(value).slice(0, 1000);
    }
  };
  put(query);
  put(body);
  return out;
}

/**
 * The postback as PostgreSQL stores it: NUL characters (refused in text and jsonb) dropped — the postback is then refused
 * with a 400, its log written without them — and lone surrogates (refused in jsonb) made U+FFFD, as the driver's
 * UTF-8 encoding of a text parameter makes them. One bad value never fails the batch it would share.
 */
function storable<T>(value: T): { value: T; nul: boolean } {
  let nul = false;
  const clean = (v: unknown): unknown => {
    if (typeof v === 'string') {
      if (v.includes('\u0000')) nul = true;
      return pgSafe(v);
    }
    if (Array.isArray(v)) return v.map(clean);
    if (v && typeof v === 'object' && !(v instanceof Date))
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [clean(k) as string, clean(x)]));
    return v;
  };
  return { value: clean(value) as T, nul };
}

/** the secure code is never written to a log */
function redact(src: unknown): unknown {
  if (!src || typeof src !== 'object' || Array.isArray(src) || !('secure_code' in src)) return src ?? null;
  return { ...(src as Record<string, unknown>), secure_code: '***' };
}

const plainIp = (ip: string) => (ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip);

/** whether the address is in the allow-list (addresses and CIDR blocks, v4 and v6); an empty list allows everyone */
export function ipAllowed(ip: string, list: readonly string[]): boolean {
  if (!list.length) return true;
  const address = plainIp(ip);
  const family = isIP(address);
  if (!family) return false;
  const blocks = new BlockList();
  for (const entry of list) {
    const [net, bits] = entry.split('/');
    const type = isIP(net) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) blocks.addAddress(net, type);
    else blocks.addSubnet(net, Number(bits), type);
  }
  return blocks.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

type LogExtra = { leadId?: number | null; goalId?: number | null; conversionStatus?: number | null };

async function log(
  db: DbOrTx,
  ctx: Ctx,
  input: InboundPostback,
  integration: IntegrationRow | null,
  outcome: PostbackOutcome,
  extra: LogExtra = {},
) {
  await db.insert(systemLogs).values(logValues(ctx, input, integration, outcome, extra));
}

function logValues(
  ctx: Ctx,
  input: InboundPostback,
  integration: IntegrationRow | null,
  outcome: PostbackOutcome,
  extra: LogExtra,
): typeof systemLogs.$inferInsert {
  return {
    createdAt: ctx.now(),
    type: 'postback_in',
    entity: 'advertiser',
    advertiserId: integration?.advertiserId ?? null,
    integrationId: integration?.id ?? null,
    leadId: extra.leadId ?? null,
    conversionId: outcome.answer.status === 'ok' ? outcome.answer.conversionId : null,
    goalId: extra.goalId ?? null,
    conversionStatus: extra.conversionStatus ?? null,
    data: {
      method: input.method,
      url: input.url.replace(/([?&]secure_code=)[^&]*/g, '$1***').slice(0, 2000),
      ip: input.ip,
      query: redact(input.query),
      body: redact(input.body),
    },
    responseStatus: outcome.code,
    responseBody: JSON.stringify(outcome.answer),
    success: outcome.answer.status === 'ok',
    msg: outcome.answer.message?.slice(0, 500) ?? null,
  };
}

/**
 * The lead or click the postback names — our lead id (or the advertiser's id for it), or the visitor's click id — locked
 * (the lead with its click in one statement): one postback of a lead (or of a click without a lead) at a time, so an
 * advertiser's retries racing each other find the conversion the first one made instead of making another (or tripping
 * over its event id's unique index).
 */
async function lockSubject(tx: DbOrTx, integration: IntegrationRow, p: Record<string, string>, names: Postback, opts: RecordOptions) {
  const leadRef = p[names.leadIdParam]?.trim();
  const clickRef = p[names.clickIdParam]?.trim();
  if (!leadRef && !clickRef) throw new Refusal(400, `The postback names no lead: give ${names.leadIdParam} or ${names.clickIdParam}`);
  const leadWithClick = async (where: SQL | undefined) => {
    const [row] = await tx
      .select({ lead: leads, click: clicks })
      .from(leads)
      .leftJoin(clicks, eq(clicks.id, leads.clickId))
      .where(where)
      .orderBy(desc(leads.id))
      .limit(1)
      .for('update', { of: leads });
    return row ? { lead: row.lead, click: row.click ?? undefined } : undefined;
  };
  let found: { lead?: LeadRow; click?: ClickRow } | undefined;
  if (leadRef) {
    if (!opts.advertiserLeadOnly && /^\d{1,15}$/.test(leadRef))
      found = await leadWithClick(and(eq(leads.id, Number(leadRef)), eq(leads.advertiserId, integration.advertiserId)));
    found ??= await leadWithClick(and(eq(leads.integrationId, integration.id), eq(leads.advertiserLeadId, leadRef)));
    if (!found) throw new Refusal(404, `Unknown lead ${leadRef}`);
  }
  if (!found && clickRef) {
    if (!UUID_RE.test(clickRef)) throw new Refusal(404, `Unknown click ${clickRef}`);
    found = await leadWithClick(and(eq(leads.clickId, clickRef), eq(leads.advertiserId, integration.advertiserId)));
    if (!found) {
      const [click] = await tx.select().from(clicks).where(eq(clicks.id, clickRef)).for('update');
      if (!click || !click.offerId || !click.affiliateId) throw new Refusal(404, `Unknown click ${clickRef}`);
      found = { click };
    }
  }
  return found!;
}

/** the reads of inbound postbacks without a per-process cache (the API sync, tests calling in directly) */
const uncachedReads = (ctx: Ctx) => new PostbackInReads(ctx.database, ctx.config);

/**
 * What the route keeps per app: the cache of what postbacks read (on the change feed) and the group commit of the
 * postbacks its requests record at the same time.
 */
export class PostbackIntake {
  readonly reads: PostbackInReads;
  readonly batcher = new Batcher<BatchItem, BatchResult>((items) => recordBatch(items), { max: 100, parallel: 2 });

  constructor(database: Database, config: Config, feed: ChangeFeed) {
    this.reads = new PostbackInReads(database, config, feed);
  }
}

/**
 * Handles one inbound postback; never throws for bad input (a refusal is an answer with its code, and is logged).
 * `intake` is the app's (cache and group commit); without it the postback reads the database and commits alone.
 */
export async function handleInboundPostback(
  ctx: Ctx,
  queue: JobQueue,
  raw: InboundPostback,
  intake?: PostbackIntake,
): Promise<PostbackOutcome> {
  const { value: input, nul } = storable(raw);
  const found = await (intake?.reads ?? uncachedReads(ctx)).through(ctx.db).integration(input.key.slice(0, 64));
  const refuse = async (integration: IntegrationRow | null, err: Refusal) => {
    const outcome: PostbackOutcome = { code: err.code, answer: { status: 'error', message: err.message } };
    await log(ctx.db, ctx, input, integration, outcome);
    return outcome;
  };
  if (!found) return refuse(null, new Refusal(404, UNKNOWN_KEY));
  const integration = found.integration;
  if (!integration.postbackEnabled || integration.status !== 'active' || found.advertiserStatus !== 'active')
    return refuse(integration, new Refusal(404, 'Postbacks are not enabled for this integration'));
  const names = postbackSection.parse(integration.postback ?? {});
  if (!ipAllowed(input.ip, names.ipAllowList))
    return refuse(integration, new Refusal(403, `The address ${plainIp(input.ip)} may not send postbacks`));
  if (nul) return refuse(integration, new Refusal(400, 'A value contains a NUL character, which is not allowed'));
  const p = postbackParams(input.query, input.body);
  if (names.secureCode && p.secure_code !== names.secureCode) return refuse(integration, new Refusal(403, 'Wrong secure code'));

  return recordAndLog({ ctx, queue, reads: intake?.reads ?? uncachedReads(ctx), input, integration, names, p, opts: {} }, intake?.batcher);
}

interface RecordOptions {
  /** the lead reference is the advertiser's lead id only (API sync), never our lead id */
  advertiserLeadOnly?: boolean;
}

/** one postback to record: its request, its integration and the parameters it names */
interface BatchItem {
  ctx: Ctx;
  queue: JobQueue;
  reads: PostbackInReads;
  input: InboundPostback;
  integration: IntegrationRow;
  names: Postback;
  p: Record<string, string>;
  opts: RecordOptions;
}

/** the answer of an item whose lead (or click) an earlier item of its batch holds: it goes into the next batch */
const AGAIN = Symbol('again');
type BatchResult = PostbackOutcome | typeof AGAIN;

const numericLeadRef = (item: BatchItem) => {
  const ref = item.p[item.names.leadIdParam]?.trim();
  return !item.opts.advertiserLeadOnly && ref && /^\d{1,15}$/.test(ref) ? Number(ref) : null;
};

/**
 * Records postbacks in ONE transaction (group commit: concurrent postbacks of a process share it): their leads locked
 * in one statement (in id order), what they already have read in one, and the conversions, leads' statuses and
 * history, outbound postbacks' jobs and logs written in one. A refused postback writes only its log. Two postbacks of
 * one lead (or click) never share a batch: the later one answers AGAIN and goes into the next, so it finds what the
 * first one made. A batch that fails is written again one postback at a time (lib/batcher.ts).
 */
async function recordBatch(items: BatchItem[]): Promise<BatchResult[]> {
  return items[0].ctx.db.transaction(async (tx) => {
    const refs = items.map(numericLeadRef);
    const ids = [...new Set(refs.filter((r): r is number => r !== null))].sort((a, b) => a - b);
    const locked = ids.length
      ? await tx
          .select({ lead: leads, click: clicks })
          .from(leads)
          .leftJoin(clicks, eq(clicks.id, leads.clickId))
          .where(inArray(leads.id, ids))
          .orderBy(leads.id)
          .for('update', { of: leads })
      : [];
    const byId = new Map(locked.map((r) => [r.lead.id, r]));
    const results: BatchResult[] = [];
    const plans: { at: number; ctx: Ctx; reads: PostbackReads; plan: Plan }[] = [];
    const logs: (typeof systemLogs.$inferInsert)[] = [];
    const subjects = new Set<string>();
    for (const [at, item] of items.entries()) {
      const ctx: Ctx = { ...item.ctx, db: tx };
      const reads = item.reads.through(tx);
      try {
        const pre = refs[at] === null ? undefined : byId.get(refs[at]);
        const subject =
          pre && pre.lead.advertiserId === item.integration.advertiserId
            ? { lead: pre.lead, click: pre.click ?? undefined }
            : await lockSubject(tx, item.integration, item.p, item.names, item.opts);
        const key = subject.lead ? `lead ${subject.lead.id}` : `click ${subject.click!.id}`;
        if (subjects.has(key)) {
          results[at] = AGAIN;
          continue;
        }
        subjects.add(key);
        plans.push({ at, ctx, reads, plan: await prepare(ctx, reads, item, subject) });
      } catch (err) {
        if (!(err instanceof Refusal)) throw err;
        const outcome: PostbackOutcome = { code: err.code, answer: { status: 'error', message: err.message } };
        results[at] = outcome;
        logs.push(logValues(item.ctx, item.input, item.integration, outcome, {}));
      }
    }
    const probes = plans.length
      ? rowsOf<Probe>(
          await tx.execute(
            sql.join(
              plans.map(({ plan }) => sql`(select ${plan.probe})`),
              sql` union all `,
            ),
          ),
        )
      : [];
    const writes: SQL[] = [];
    const jobs: PostbackDeliverJob[] = [];
    const counted: { conversion: CountedConversion; at: Date }[] = [];
    for (const [n, { at, ctx, reads, plan }] of plans.entries()) {
      const out = await finish(ctx, reads, items[at], plan, probes[n]);
      results[at] = out.outcome;
      writes.push(...out.writes);
      jobs.push(...out.jobs);
      logs.push(out.log);
      if (out.counted && (await reads.conversionCaps(out.counted.offerId))) counted.push({ conversion: out.counted, at: plan.now });
    }
    if (jobs.length) writes.push(await jobInsertSql(items[0].queue, tx, POSTBACK_DELIVER_JOB, jobs));
    if (logs.length) {
      const ctes = writes.map((w, i) => sql`${sql.raw(`w${i}`)} as (${w})`);
      const insertLogs = tx.insert(systemLogs).values(logs).getSQL();
      await tx.execute(ctes.length ? sql`with ${sql.join(ctes, sql`, `)} ${insertLogs}` : insertLogs);
    }
    for (const c of counted) await countConversion(tx, c.conversion, c.at);
    return results;
  });
}

/** records one postback (a batch of one, again while an earlier postback of its lead is in the way) */
async function recordAndLog(item: BatchItem, batcher?: Batcher<BatchItem, BatchResult>): Promise<PostbackOutcome> {
  for (;;) {
    const result = batcher ? await batcher.add(item) : (await recordBatch([item]))[0];
    if (result !== AGAIN) return result;
  }
}

/**
 * The API sync's status of one advertiser lead, applied exactly like an inbound postback that names the advertiser's
 * lead id and status (same lead update, conversion, affiliate postbacks and `postback_in` log; the log's method is
 * API_SYNC and its URL the polled one). The poll itself is the trust check: no IP list or secure code.
 */
export async function applyPolledStatus(
  ctx: Ctx,
  queue: JobQueue,
  integrationId: number,
  item: { advertiserLeadId: string; advertiserStatus: string },
  polledUrl: string,
): Promise<PostbackOutcome> {
  const [integration] = await ctx.db.select().from(integrations).where(eq(integrations.id, integrationId));
  const names = postbackSection.parse(integration?.postback ?? {});
  const p = { [names.leadIdParam]: item.advertiserLeadId.slice(0, 1000), [names.statusParam]: item.advertiserStatus.slice(0, 1000) };
  const input: InboundPostback = {
    key: integration?.postbackKey ?? '',
    ip: '',
    method: 'API_SYNC',
    url: polledUrl,
    query: { ...item },
    body: null,
  };
  if (!integration) {
    const outcome: PostbackOutcome = { code: 404, answer: { status: 'error', message: 'Unknown integration' } };
    await log(ctx.db, ctx, input, null, outcome);
    return outcome;
  }
  return recordAndLog({ ctx, queue, reads: uncachedReads(ctx), input, integration, names, p, opts: { advertiserLeadOnly: true } });
}

const CONVERSION_EVENTS: Record<number, PostbackEvent> = {
  [CONVERSION_STATUS.pending]: 'conversion_pending',
  [CONVERSION_STATUS.hold]: 'conversion_deferred',
  [CONVERSION_STATUS.approved]: 'conversion_approved',
  [CONVERSION_STATUS.rejected]: 'conversion_rejected',
};
const STATUS_NAMES: Record<number, string> = { 1: 'pending', 2: 'hold', 3: 'approved', 4: 'rejected' };

/** a conversion the postback finds (by its event id, or the lead's / click's of the goal) */
interface Existing {
  id: number;
  status: number;
  eventId: string | null;
  originalRevenue: string | null;
}

const EXISTING_JSON = sql.raw(
  `json_build_object('id', id, 'status', status, 'eventId', event_id, 'originalRevenue', original_revenue::text)`,
);

type Subject = Awaited<ReturnType<typeof lockSubject>>;

/**
 * The first half of a postback, once its subject is locked: everything decided from memory (offer, status, goal,
 * amounts, price, rates; a refusal throws) and the probe of what the subject already has (the existing conversion by
 * event id, or the lead's / click's of the goal; the first conversion of the offer's goal; the next conversion id).
 */
async function prepare(ctx: Ctx, reads: PostbackReads, item: BatchItem, subject: Subject) {
  const { integration, names, p } = item;
  const now = ctx.now();
  const { lead, click } = subject;
  const offerId = lead?.offerId ?? click!.offerId!;
  const offer = await reads.offer(offerId);
  if (!offer) throw new Refusal(404, 'Unknown offer');

  // status
  const advertiserStatus = p[names.statusParam]?.trim();
  let mapping: LeadStatusMapping | undefined;
  if (advertiserStatus) {
    const mappings = (integration.leadStatusMappings ?? []) as LeadStatusMapping[];
    mapping = mappings.find((m) => m.advertiserStatus.toLowerCase() === advertiserStatus.toLowerCase());
    if (!mapping) throw new Refusal(422, `Unknown status ${advertiserStatus}: add it to the integration's lead status mappings`);
  }
  const conversionStatus: number = mapping?.conversionStatus ?? CONVERSION_STATUS.pending;

  // goal: its id or title among the vertical's goals; none given → the offer's goal
  const goalRef = p[names.goalParam]?.trim();
  let goalId: number | null = offer.goalId ?? null;
  if (goalRef) {
    const goals = await reads.goals(offer.verticalId);
    const goal = goals.find((g) => String(g.id) === goalRef) ?? goals.find((g) => g.title.toLowerCase() === goalRef.toLowerCase());
    if (!goal) throw new Refusal(422, `Unknown goal ${goalRef}`);
    goalId = goal.id;
  }

  // reported amount
  const payoutRef = p[names.payoutParam]?.trim();
  const currencyRef = p[names.currencyParam]?.trim();
  if (payoutRef && !AMOUNT_RE.test(payoutRef)) throw new Refusal(400, `${names.payoutParam} must be a decimal number`);
  if (currencyRef && !CURRENCY_RE.test(currencyRef)) throw new Refusal(400, `${names.currencyParam} must be a 3-letter currency code`);
  const eventId = p[names.eventIdParam]?.trim() || null;
  if (eventId && eventId.length > 200) throw new Refusal(400, `${names.eventIdParam} is longer than 200 characters`);

  const affiliateId = lead?.affiliateId ?? click!.affiliateId!;
  const teamId = lead?.teamId ?? click?.teamId ?? null;
  const country = lead?.country ?? click?.country ?? null;
  const { base, byCode } = await reads.currencies();
  const reportedCurrency = currencyRef ? currencyRef.toUpperCase() : null;

  // price, at the rates of now
  const rules = await reads.rules(offer.id);
  const rule = pickPaymentRule(
    rules.map((r) => ({ ...r, sieve: r.sieve as SieveLike })),
    { affiliateId, teamId, country, advertiserId: integration.advertiserId, goalId },
  );
  const reported = payoutRef ? { amount: payoutRef, currency: reportedCurrency ?? rule?.revenueCurrency ?? base } : null;
  const price = rule
    ? priceConversion({ ...rule, paymentType: rule.paymentType as 'fixed' | 'percent' }, reported)
    : {
        revenue: roundMoney(reported?.amount ?? 0),
        revenueCurrency: reported?.currency ?? base,
        payout: roundMoney(0),
        payoutCurrency: reported?.currency ?? base,
      };
  const rateOf = async (code: string) => {
    const currency = byCode.get(code);
    if (!currency) throw new Refusal(422, `Unknown currency ${code}`);
    return reads.rateAt(currency, now);
  };
  const baseRate = await rateOf(base);
  const baseRevenue = convert(price.revenue, await rateOf(price.revenueCurrency), baseRate);
  const basePayout = convert(price.payout, await rateOf(price.payoutCurrency), baseRate);
  if (reportedCurrency) await rateOf(reportedCurrency);

  // one statement, after the lock: the existing conversion (by event id; otherwise, or for a single-conversion rule, the
  // lead's / click's of the goal), the first conversion of the offer's goal (session lifespan) and the next conversion id
  const ofSubject = lead ? sql`lead_id = ${lead.id}` : sql`click_id = ${click!.id}::uuid`;
  const byEvent = eventId
    ? sql`(select ${EXISTING_JSON} from conversions where advertiser_id = ${integration.advertiserId} and event_id = ${eventId})`
    : sql`null::json`;
  const byGoal =
    eventId && rule?.isMultiConversion
      ? sql`null::json`
      : sql`(select ${EXISTING_JSON} from conversions where ${ofSubject} and ${goalId ? sql`goal_id = ${goalId}` : sql`goal_id is null`} and offer_id = ${offer.id} order by id desc limit 1)`;
  const firstOfGoal =
    offer.sessionLifespanType === 'goal' && offer.goalId
      ? sql`(select (extract(epoch from created_at) * 1000)::float8 from conversions where ${ofSubject} and goal_id = ${offer.goalId} order by id limit 1)`
      : sql`null::float8`;
  const probe = sql`nextval(pg_get_serial_sequence('conversions', 'id'))::text as "nextId", ${byEvent} as "byEvent", ${byGoal} as "byGoal", ${firstOfGoal} as "firstAt"`;
  return {
    now,
    lead,
    click,
    offer,
    advertiserStatus,
    mapping,
    conversionStatus,
    goalId,
    payoutRef,
    eventId,
    affiliateId,
    teamId,
    country,
    base,
    rule,
    reported,
    price,
    baseRevenue,
    basePayout,
    probe,
  };
}

type Plan = Awaited<ReturnType<typeof prepare>>;
interface Probe {
  nextId: string;
  byEvent: Existing | null;
  byGoal: Existing | null;
  firstAt: number | null;
}

/** The second half: the statements of the conversion, the lead, the outbound postbacks' jobs and the log, to run as one. */
async function finish(ctx: Ctx, reads: PostbackReads, item: BatchItem, plan: Plan, found: Probe) {
  const tx = ctx.db;
  const { integration, p, input } = item;
  const {
    now,
    lead,
    click,
    offer,
    advertiserStatus,
    mapping,
    conversionStatus,
    goalId,
    payoutRef,
    eventId,
    affiliateId,
    teamId,
    country,
    base,
    rule,
    reported,
    price,
    baseRevenue,
    basePayout,
  } = plan;
  const existing = found.byEvent ?? found.byGoal ?? undefined;

  // late: after the session lifespan (days) from the click, or from the first conversion of the offer's goal
  const from: Date | null = found.firstAt !== null ? new Date(Number(found.firstAt)) : (click?.createdAt ?? lead?.createdAt ?? null);
  const late = !!from && now.getTime() > from.getTime() + offer.sessionLifespan * DAY_MS;
  const autoApproveAt =
    conversionStatus === CONVERSION_STATUS.pending && rule?.autoApprovePeriod
      ? new Date(now.getTime() + rule.autoApprovePeriod * HOUR_MS)
      : null;
  const params = { ...p };
  delete params.secure_code;

  const amounts = {
    paymentRuleId: rule?.id ?? null,
    originalRevenue: reported ? roundMoney(reported.amount) : null,
    currency: reported?.currency ?? null,
    revenue: price.revenue,
    revenueCurrency: price.revenueCurrency,
    payout: price.payout,
    payoutCurrency: price.payoutCurrency,
    baseRevenue,
    basePayout,
    baseCurrency: base,
  };
  /** the data-modifying statements, run as one */
  const writes: SQL[] = [];
  let conversionId: number;
  let changed: PostbackOutcome['changed'];
  let created: ConversionInsert | undefined;
  if (!existing) {
    conversionId = Number(found.nextId);
    created = {
      id: conversionId,
      createdAt: now,
      updatedAt: now,
      status: conversionStatus,
      statusChangedAt: now,
      clickId: lead?.clickId ?? click?.id ?? null,
      leadId: lead?.id ?? null,
      offerId: offer.id,
      campaignId: lead?.campaignId ?? click?.campaignId ?? null,
      affiliateId,
      teamId,
      advertiserId: integration.advertiserId,
      goalId,
      eventId,
      ...amounts,
      postbackParams: params,
      marks: late ? [LATE_CONVERSION_MARK] : [],
      autoApproveAt,
    };
    writes.push(tx.insert(conversions).values(created).getSQL());
    changed = { conversionId, created: true, status: conversionStatus };
  } else {
    conversionId = existing.id;
    const statusChanged = existing.status !== conversionStatus;
    if (statusChanged || (payoutRef && existing.originalRevenue !== amounts.originalRevenue)) {
      writes.push(
        tx
          .update(conversions)
          .set({
            updatedAt: now,
            status: conversionStatus,
            ...(statusChanged ? { statusChangedAt: now, autoApproveAt } : {}),
            eventId: existing.eventId ?? eventId,
            ...amounts,
            postbackParams: params,
          })
          .where(eq(conversions.id, existing.id))
          .getSQL(),
      );
    }
    if (statusChanged) changed = { conversionId, created: false, status: conversionStatus };
  }

  // the lead
  if (lead && mapping && (lead.status !== mapping.leadStatus || (mapping.leadGrade && lead.leadGrade !== mapping.leadGrade))) {
    writes.push(
      tx
        .update(leads)
        .set({ status: mapping.leadStatus, leadGrade: mapping.leadGrade ?? lead.leadGrade, updatedAt: now })
        .where(eq(leads.id, lead.id))
        .getSQL(),
      tx
        .insert(leadEvents)
        .values({
          leadId: lead.id,
          createdAt: now,
          type: 'postback',
          data: {
            advertiserStatus,
            from: lead.status,
            to: mapping.leadStatus,
            leadGrade: mapping.leadGrade ?? null,
            conversionId,
            integrationId: integration.id,
          },
        })
        .getSQL(),
    );
  }

  // outbound affiliate postbacks, their jobs in the same statement
  const leadStatus = mapping?.leadStatus ?? lead?.status ?? null;
  const leadGrade = mapping?.leadGrade ?? lead?.leadGrade ?? null;
  const events: PostbackEvent[] = [];
  if (changed) events.push(CONVERSION_EVENTS[conversionStatus]);
  if (
    lead &&
    mapping &&
    lead.status !== mapping.leadStatus &&
    (POSTBACK_EVENTS as readonly string[]).includes(`event_${mapping.leadStatus}`)
  )
    events.push(`event_${mapping.leadStatus}` as PostbackEvent);
  if (lead && mapping?.leadGrade && lead.leadGrade !== mapping.leadGrade) events.push('event_lead_grade_changed');
  if (events.length) {
    const goal = goalId ? ((await reads.goals(offer.verticalId)).find((g) => g.id === goalId) ?? (await reads.goal(goalId))) : null;
    const values = {
      click_id: lead?.clickId ?? click?.id ?? null,
      ...Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`sub${i + 1}`, (lead ?? click)?.[`sub${i + 1}` as 'sub1'] ?? null])),
      country,
      ip: lead?.ip ?? click?.ip ?? null,
      lead_id: lead?.id ?? null,
      lead_status: leadStatus,
      lead_grade: leadGrade,
      conversion_id: conversionId,
      status: STATUS_NAMES[conversionStatus],
      goal: goal?.title ?? null,
      payout: amounts.payout,
      revenue: amounts.revenue,
      currency: amounts.payoutCurrency,
      offer_id: offer.id,
      campaign_id: lead?.campaignId ?? click?.campaignId ?? null,
      affiliate_id: affiliateId,
      advertiser_id: integration.advertiserId,
    };
    const jobs: PostbackDeliverJob[] = [];
    for (const event of events) {
      const input = {
        event,
        affiliateId,
        teamId: teamId ?? undefined,
        goalId,
        leadId: lead?.id ?? null,
        conversionId,
        conversionStatus,
        values,
      };
      jobs.push(...deliveryJobs(input, await firingPostbacks(reads.targets, input), now));
    }
    return { writes, jobs, ...done(conversionId, changed) };
  }
  return { writes, jobs: [] as PostbackDeliverJob[], ...done(conversionId, changed) };

  function done(conversionId: number, changed: PostbackOutcome['changed']) {
    const outcome: PostbackOutcome = { code: 200, answer: { status: 'ok', conversionId }, changed };
    const log = logValues(ctx, input, integration, outcome, { leadId: lead?.id ?? null, goalId, conversionStatus });
    // conversion caps count a new conversion in the same transaction (a full one closes its advertisers for new leads)
    const counted = created
      ? {
          offerId: offer.id,
          advertiserId: integration.advertiserId,
          affiliateId,
          teamId,
          country,
          goalId,
          revenue: price.revenue,
          revenueCurrency: price.revenueCurrency,
        }
      : null;
    return { outcome, log, counted };
  }
}
