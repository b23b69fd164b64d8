/**
 * The advertiser's inbound postback `GET|POST /postback/:postbackKey` (architecture §5): finds the integration by its
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
 * the lead's status and history, the outbound postbacks (into the postback outbox) and the log. Concurrent postbacks share that transaction
 * (group commit), and each of the three is a fixed, named prepared statement taking the whole batch as JSON: PostgreSQL
 * plans it once per connection and the app builds no SQL per postback.
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
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Config } from '../../../config';
import type { Database, DbOrTx } from '../../../db/client';
import { clicks, integrations, leads, offerAdvertisers, systemLogs } from '../../../db/schema';
import type { Ctx } from '../../../http/context';
import type { JobQueue } from '../../../jobs/queue';
import { Batcher } from '../../../lib/batcher';
import { pgJson, pgSafe } from '../../../lib/pg-text';
import type { ChangeFeed } from '../../../lib/cache/change-feed';
import { countConversion, type CountedConversion } from '../../inventory/caps/cap-engine';
import { capReached } from '../../settings/notifications/raise';
import {
  deliveryJobs,
  firingPostbacks,
  insertLogsSql,
  logRow,
  outboxInsertSql,
  wakeOutbox,
  type PostbackDeliverJob,
} from '../postback-delivery';
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
type LeadRow = typeof leads.$inferSelect;
type ClickRow = typeof clicks.$inferSelect;
/** what a postback uses of its lead and of its click */
type SubjectLead = Pick<
  LeadRow,
  | 'id'
  | 'createdAt'
  | 'status'
  | 'leadGrade'
  | 'offerId'
  | 'affiliateId'
  | 'teamId'
  | 'advertiserId'
  | 'country'
  | 'ip'
  | 'clickId'
  | 'campaignId'
  | `sub${1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9}`
>;
type SubjectClick = Pick<
  ClickRow,
  'id' | 'createdAt' | 'offerId' | 'affiliateId' | 'teamId' | 'country' | 'ip' | 'campaignId' | `sub${1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9}`
>;

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

/**
 * the query and the form/JSON body as one flat map of strings (the body wins); without a prototype, so a parameter
 * name an integration configures (`constructor`, `toString` …) reads only what the postback sent
 */
export function postbackParams(query: Record<string, unknown>, body: unknown): Record<string, string> {
  const out: Record<string, string> = Object.create(null);
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

/** at most this many attributes are kept per postback (the rest stay in its log and `postback_params`) */
export const ATTRIBUTES_MAX = 50;

/**
 * The conversion's `attributes` (product §3 Conversion): what the postback sent beyond the parameters the integration
 * names (click and lead id, status, goal, payout, currency, event id) and the secure code — a deposit id, a player
 * level … — by name, the first ATTRIBUTES_MAX of them (docs/decisions/engine.md "Onboarding and look-ups").
 */
export function postbackAttributes(p: Record<string, string>, names: Postback): Record<string, string> {
  const known = new Set([
    names.clickIdParam,
    names.leadIdParam,
    names.statusParam,
    names.goalParam,
    names.payoutParam,
    names.currencyParam,
    names.eventIdParam,
    'secure_code',
  ]);
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(p)) {
    if (known.has(k) || k.length > 100) continue;
    if (Object.keys(out).length >= ATTRIBUTES_MAX) break;
    out[k] = v;
  }
  return out;
}

/**
 * A conversion's attributes after a later postback: the names it has stay and take the newer value; new names are
 * added in the postback's order while there is room (ATTRIBUTES_MAX in all; the rest stay in the postback's log).
 * Answers null when nothing would change.
 */
export function mergeAttributes(stored: Record<string, unknown>, incoming: Record<string, string>): Record<string, unknown> | null {
  const out: Record<string, unknown> = { ...stored };
  let count = Object.keys(out).length;
  let changed = false;
  for (const [k, v] of Object.entries(incoming)) {
    if (Object.hasOwn(out, k)) {
      if (out[k] === v) continue;
    } else if (count >= ATTRIBUTES_MAX) continue;
    else count++;
    out[k] = v;
    changed = true;
  }
  return changed ? out : null;
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
 * over its event id's unique index). A lead counts only for the advertiser it was sent to, a click without a lead only for
 * an integration that is a target of the click's offer (offer_advertisers); anything else is answered as unknown.
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
  let found: { lead?: SubjectLead; click?: SubjectClick } | undefined;
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
      // a click without a lead counts only for an integration that is a target of the click's offer (in the same
      // statement: no extra round trip); any other key is answered like an unknown click
      const [click] = await tx
        .select()
        .from(clicks)
        .where(
          and(
            eq(clicks.id, clickRef),
            sql`exists (select 1 from ${offerAdvertisers} oa where oa.offer_id = ${clicks.offerId} and oa.integration_id = ${integration.id})`,
          ),
        )
        .for('update');
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

/** the subject columns of the lock statement: the lead's, then its click's prefixed with c_ */
const SUBJECT_COLUMNS = `l.id::float8 as "id", l.created_at as "createdAt", l.status, l.lead_grade as "leadGrade", l.offer_id as "offerId",
  l.affiliate_id as "affiliateId", l.team_id as "teamId", l.advertiser_id as "advertiserId", l.country, l.ip, l.click_id as "clickId",
  l.campaign_id as "campaignId", l.sub1, l.sub2, l.sub3, l.sub4, l.sub5, l.sub6, l.sub7, l.sub8, l.sub9,
  c.id as "c_id", c.created_at as "c_createdAt", c.offer_id as "c_offerId", c.affiliate_id as "c_affiliateId", c.team_id as "c_teamId",
  c.country as "c_country", c.ip as "c_ip", c.campaign_id as "c_campaignId", c.sub1 as "c_sub1", c.sub2 as "c_sub2", c.sub3 as "c_sub3",
  c.sub4 as "c_sub4", c.sub5 as "c_sub5", c.sub6 as "c_sub6", c.sub7 as "c_sub7", c.sub8 as "c_sub8", c.sub9 as "c_sub9"`;

/** the leads a batch names by our id, with their clicks, locked in id order ($1: the ids as an array literal) */
const LOCK_SQL = `select ${SUBJECT_COLUMNS}
from leads l left join clicks c on c.id = l.click_id
where l.id = any($1::bigint[])
order by l.id
for update of l`;

type SubjectRow = SubjectLead & { [K in keyof SubjectClick as `c_${K}`]: SubjectClick[K] | null };

function subjectOf(row: SubjectRow): { lead: SubjectLead; click?: SubjectClick } {
  const { c_id, c_createdAt, c_offerId, c_affiliateId, c_teamId, c_country, c_ip, c_campaignId, ...rest } = row;
  const lead = {} as Record<string, unknown>;
  const clickSubs = {} as Record<string, string | null>;
  for (const [k, v] of Object.entries(rest)) {
    if (k.startsWith('c_sub')) clickSubs[k.slice(2)] = v as string | null;
    else lead[k] = v;
  }
  const click =
    c_id === null
      ? undefined
      : ({
          id: c_id,
          createdAt: c_createdAt!,
          offerId: c_offerId,
          affiliateId: c_affiliateId,
          teamId: c_teamId,
          country: c_country,
          ip: c_ip,
          campaignId: c_campaignId,
          ...clickSubs,
        } as SubjectClick);
  return { lead: { ...(lead as SubjectLead), id: Number(row.id) }, click };
}

const EXISTING = `json_build_object('id', c.id, 'status', c.status, 'eventId', c.event_id, 'originalRevenue', c.original_revenue::text,
  'attributes', c.attributes)`;
const FIRST_AT = `(extract(epoch from c.created_at) * 1000)::float8`;

/**
 * The latest conversion of the subject (`lead_id` or `click_id`) for the goal, on the subject's (…, goal_id) index: a
 * goal and no goal are two look-ups, so that either keeps both columns in the index condition; the offer is only
 * checked on what they find (as an index condition the planner could AND it with the offer's index, all of whose
 * conversions it would read).
 */
const ofGoal = (subject: string) => `case when x.goal_id is null
      then (select ${EXISTING} from conversions c where c.${subject} = x.${subject} and c.goal_id is null
        and (c.offer_id = x.offer_id) is true order by c.id desc limit 1)
      else (select ${EXISTING} from conversions c where c.${subject} = x.${subject} and c.goal_id = x.goal_id
        and (c.offer_id = x.offer_id) is true order by c.id desc limit 1) end`;

/** the time of the subject's first conversion of the offer's goal */
const firstOfGoal = (subject: string) =>
  `(select ${FIRST_AT} from conversions c where c.${subject} = x.${subject} and c.goal_id = x.first_goal_id order by c.id limit 1)`;

/**
 * What each subject of a batch already has, after the lock ($1: the probes as JSON, see prepare): the next conversion
 * id, the conversion of the event id, the lead's (or click's) latest conversion of the goal, and the time of its first
 * conversion of the offer's goal (session lifespan). Each look-up is one index probe per postback (CASE runs only the
 * one that applies).
 */
const PROBE_SQL = `select nextval(pg_get_serial_sequence('conversions', 'id'))::text as "nextId",
  case when x.event_id is not null then
    (select ${EXISTING} from conversions c where c.advertiser_id = x.advertiser_id and c.event_id = x.event_id) end as "byEvent",
  case when not x.by_goal then null when x.lead_id is not null then ${ofGoal('lead_id')} else ${ofGoal('click_id')} end as "byGoal",
  case when x.first_goal_id is null then null when x.lead_id is not null then ${firstOfGoal('lead_id')} else ${firstOfGoal('click_id')}
    end as "firstAt"
from json_to_recordset($1::json) as x(ord int, lead_id bigint, click_id uuid, advertiser_id int, event_id varchar, by_goal boolean,
  goal_id int, offer_id int, first_goal_id int)
order by x.ord`;

/**
 * Everything an accepted batch writes, in ONE statement of fixed text: $1 the new conversions, $2 the changed ones,
 * $3 the leads' new statuses, $4 their history entries, $5 the outbound postbacks (into the postback outbox), $6 the
 * logs, $7 the conversions whose attributes alone change (a postback that changes neither status nor payout: no
 * ledger entry, no statistics delta, no outbound postback) — each a JSON array (empty when there is none). The updates keep to the primary key with an id list (the
 * planner guesses 100 rows for json_to_recordset and would otherwise hash-join a sequential scan).
 */
const writeSql = (jobs: string) => `with nc as (
  insert into conversions (id, created_at, updated_at, status, status_changed_at, click_id, lead_id, offer_id, campaign_id, affiliate_id,
    team_id, advertiser_id, goal_id, event_id, payment_rule_id, original_revenue, currency, revenue, revenue_currency, payout,
    payout_currency, base_revenue, base_payout, base_currency, postback_params, attributes, marks, auto_approve_at)
  select id, at, at, status, at, click_id, lead_id, offer_id, campaign_id, affiliate_id, team_id, advertiser_id, goal_id, event_id,
    payment_rule_id, original_revenue, currency, revenue, revenue_currency, payout, payout_currency, base_revenue, base_payout,
    base_currency, postback_params, attributes, marks, auto_approve_at
  from json_to_recordset($1::json) as x(id bigint, at timestamptz, status smallint, click_id uuid, lead_id bigint, offer_id int,
    campaign_id int, affiliate_id int, team_id int, advertiser_id int, goal_id int, event_id varchar, payment_rule_id int,
    original_revenue numeric, currency varchar, revenue numeric, revenue_currency varchar, payout numeric, payout_currency varchar,
    base_revenue numeric, base_payout numeric, base_currency varchar, postback_params jsonb, attributes jsonb, marks jsonb,
    auto_approve_at timestamptz)
), uv as (
  select * from json_to_recordset($2::json) as x(id bigint, at timestamptz, status smallint, status_changed boolean,
    auto_approve_at timestamptz, event_id varchar, payment_rule_id int, original_revenue numeric, currency varchar, revenue numeric,
    revenue_currency varchar, payout numeric, payout_currency varchar, base_revenue numeric, base_payout numeric,
    base_currency varchar, postback_params jsonb, attributes jsonb)
), uc as (
  update conversions c set updated_at = v.at, status = v.status,
    status_changed_at = case when v.status_changed then v.at else c.status_changed_at end,
    auto_approve_at = case when v.status_changed then v.auto_approve_at else c.auto_approve_at end,
    event_id = v.event_id, payment_rule_id = v.payment_rule_id, original_revenue = v.original_revenue, currency = v.currency,
    revenue = v.revenue, revenue_currency = v.revenue_currency, payout = v.payout, payout_currency = v.payout_currency,
    base_revenue = v.base_revenue, base_payout = v.base_payout, base_currency = v.base_currency, postback_params = v.postback_params,
    attributes = v.attributes
  from uv v where c.id = v.id and c.id = any(array(select id from uv))
), av as (
  select * from json_to_recordset($7::json) as x(id bigint, at timestamptz, attributes jsonb)
), ua as (
  update conversions c set updated_at = v.at, attributes = v.attributes
  from av v where c.id = v.id and c.id = any(array(select id from av))
), lv as (
  select * from json_to_recordset($3::json) as x(id bigint, at timestamptz, status varchar, lead_grade varchar)
), lu as (
  update leads l set status = v.status, lead_grade = v.lead_grade, updated_at = v.at
  from lv v where l.id = v.id and l.id = any(array(select id from lv))
), le as (
  insert into lead_events (lead_id, created_at, type, data)
  select lead_id, at, 'postback', data from json_to_recordset($4::json) as x(lead_id bigint, at timestamptz, data jsonb)
), jobs as (${jobs})
${insertLogsSql('$6::json')}`;

/** the write statement (the outbound postbacks go into the postback outbox by its `jobs` CTE) and its prepared name */
const WRITE = { text: writeSql(outboxInsertSql('$5::text::json')), name: 'postback_write' };

/**
 * A fixed statement through the transaction's own connection: on PostgreSQL a named prepared statement (parsed and
 * planned once per connection), on PGlite a plain query. Drizzle's transaction holds the connection as its session's
 * client (node-postgres PoolClient, PGlite Transaction).
 */
async function txQuery<T>(database: Database, tx: DbOrTx, name: string, text: string, params: unknown[]): Promise<T[]> {
  const client = (tx as unknown as { session: { client: { query(...args: unknown[]): Promise<{ rows: T[] }> } } }).session.client;
  const result = database.kind === 'postgres' ? await client.query({ name, text, values: params }) : await client.query(text, params);
  return result.rows;
}

/**
 * Records postbacks in ONE transaction (group commit: concurrent postbacks of a process share it): their leads locked
 * in one statement (in id order), what they already have read in one, and the conversions, leads' statuses and
 * history, outbound postbacks' jobs and logs written in one — three fixed prepared statements, each taking the batch as
 * JSON, so PostgreSQL plans them once and the app builds no SQL. A refused postback writes only its log. Two postbacks
 * of one lead (or click) never share a batch: the later one answers AGAIN and goes into the next, so it finds what the
 * first one made. A batch that fails is written again one postback at a time (lib/batcher.ts).
 */
async function recordBatch(items: BatchItem[]): Promise<BatchResult[]> {
  const database = items[0].ctx.database;
  let delivering = false;
  const results = await items[0].ctx.db.transaction(async (tx) => {
    const refs = items.map(numericLeadRef);
    const ids = [...new Set(refs.filter((r): r is number => r !== null))].sort((a, b) => a - b);
    const locked = ids.length
      ? (await txQuery<SubjectRow>(database, tx, 'postback_lock', LOCK_SQL, [`{${ids.join(',')}}`])).map(subjectOf)
      : [];
    const byId = new Map(locked.map((r) => [r.lead.id, r]));
    const results: BatchResult[] = [];
    const plans: { at: number; ctx: Ctx; reads: PostbackReads; plan: Plan }[] = [];
    const logs: ReturnType<typeof logRow>[] = [];
    const subjects = new Set<string>();
    for (const [at, item] of items.entries()) {
      const ctx: Ctx = { ...item.ctx, db: tx };
      const reads = item.reads.through(tx);
      try {
        const pre = refs[at] === null ? undefined : byId.get(refs[at]);
        const subject =
          pre && pre.lead.advertiserId === item.integration.advertiserId
            ? pre
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
        logs.push(logRow(logValues(item.ctx, item.input, item.integration, outcome, {})));
      }
    }
    const probes = plans.length
      ? await txQuery<Probe>(database, tx, 'postback_probe', PROBE_SQL, [
          JSON.stringify(plans.map(({ plan }, ord) => ({ ord, ...plan.probe }))),
        ])
      : [];
    const rows: Writes = { created: [], changed: [], attributes: [], leads: [], events: [] };
    const jobs: { data: PostbackDeliverJob }[] = [];
    const counted: { ctx: Ctx; conversion: CountedConversion; at: Date }[] = [];
    for (const [n, { at, ctx, reads, plan }] of plans.entries()) {
      const out = await finish(ctx, reads, items[at], plan, probes[n], rows);
      results[at] = out.outcome;
      for (const data of out.jobs) jobs.push({ data });
      logs.push(logRow(out.log));
      if (out.counted && (await reads.conversionCaps(out.counted.offerId))) counted.push({ ctx, conversion: out.counted, at: plan.now });
    }
    if (logs.length) {
      await txQuery(database, tx, WRITE.name, WRITE.text, [
        pgJson(rows.created),
        pgJson(rows.changed),
        pgJson(rows.leads),
        pgJson(rows.events),
        pgJson(jobs),
        pgJson(logs),
        pgJson(rows.attributes),
      ]);
      delivering = jobs.length > 0;
    }
    // a conversion that fills a cap raises "cap reached" now, once per cap and period (the refused leads after it do not)
    for (const c of counted)
      for (const cap of await countConversion(tx, c.conversion, c.at))
        await capReached(c.ctx, items[0].queue, { cap, offerId: c.conversion.offerId, at: c.at });
    return results;
  });
  // committed: the outbox's workers take the outbound postbacks now
  if (delivering) wakeOutbox(database);
  return results;
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
  const p = postbackParams({ [names.leadIdParam]: item.advertiserLeadId, [names.statusParam]: item.advertiserStatus }, null);
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
  attributes: Record<string, unknown> | null;
}

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

  // what the probe statement looks up after the lock (PROBE_SQL): the existing conversion (by event id; otherwise, or
  // for a single-conversion rule, the lead's / click's of the goal), the first conversion of the offer's goal (session
  // lifespan) and the next conversion id
  const probe = {
    lead_id: lead?.id ?? null,
    click_id: lead ? null : click!.id,
    advertiser_id: integration.advertiserId,
    event_id: eventId,
    by_goal: !(eventId && rule?.isMultiConversion),
    goal_id: goalId,
    offer_id: offer.id,
    first_goal_id: offer.sessionLifespanType === 'goal' && offer.goalId ? offer.goalId : null,
  };
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

/** the JSON rows of the batch's write statement (writeSql: $1 to $4, $7) */
interface Writes {
  created: Record<string, unknown>[];
  changed: Record<string, unknown>[];
  attributes: Record<string, unknown>[];
  leads: Record<string, unknown>[];
  events: Record<string, unknown>[];
}

/** the money columns of a conversion, as the write statement's JSON rows name them */
const amountRow = (a: {
  paymentRuleId: number | null;
  originalRevenue: string | null;
  currency: string | null;
  revenue: string;
  revenueCurrency: string;
  payout: string;
  payoutCurrency: string;
  baseRevenue: string;
  basePayout: string;
  baseCurrency: string;
}) => ({
  payment_rule_id: a.paymentRuleId,
  original_revenue: a.originalRevenue,
  currency: a.currency,
  revenue: a.revenue,
  revenue_currency: a.revenueCurrency,
  payout: a.payout,
  payout_currency: a.payoutCurrency,
  base_revenue: a.baseRevenue,
  base_payout: a.basePayout,
  base_currency: a.baseCurrency,
});

/**
 * The second half: the rows of the conversion, the lead and its history (added to `rows`), the outbound postbacks'
 * jobs and the log, for the batch's one write statement.
 */
async function finish(ctx: Ctx, reads: PostbackReads, item: BatchItem, plan: Plan, found: Probe, rows: Writes) {
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
  const attributes = postbackAttributes(p, item.names);

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
  let conversionId: number;
  let changed: PostbackOutcome['changed'];
  let created = false;
  if (!existing) {
    conversionId = Number(found.nextId);
    created = true;
    rows.created.push({
      id: conversionId,
      at: now.toISOString(),
      status: conversionStatus,
      click_id: lead?.clickId ?? click?.id ?? null,
      lead_id: lead?.id ?? null,
      offer_id: offer.id,
      campaign_id: lead?.campaignId ?? click?.campaignId ?? null,
      affiliate_id: affiliateId,
      team_id: teamId,
      advertiser_id: integration.advertiserId,
      goal_id: goalId,
      event_id: eventId,
      ...amountRow(amounts),
      postback_params: params,
      attributes,
      marks: late ? [LATE_CONVERSION_MARK] : [],
      auto_approve_at: autoApproveAt?.toISOString() ?? null,
    });
    changed = { conversionId, created: true, status: conversionStatus };
  } else {
    conversionId = existing.id;
    const statusChanged = existing.status !== conversionStatus;
    // a later postback adds its attributes to the conversion's (mergeAttributes), also when it changes nothing else
    const merged = mergeAttributes(existing.attributes ?? {}, attributes);
    if (statusChanged || (payoutRef && existing.originalRevenue !== amounts.originalRevenue)) {
      rows.changed.push({
        id: existing.id,
        at: now.toISOString(),
        status: conversionStatus,
        // the status's time and the auto-approval change only with the status
        status_changed: statusChanged,
        auto_approve_at: autoApproveAt?.toISOString() ?? null,
        event_id: existing.eventId ?? eventId,
        ...amountRow(amounts),
        postback_params: params,
        attributes: merged ?? existing.attributes ?? {},
      });
    } else if (merged) rows.attributes.push({ id: existing.id, at: now.toISOString(), attributes: merged });
    if (statusChanged) changed = { conversionId, created: false, status: conversionStatus };
  }

  // the lead
  if (lead && mapping && (lead.status !== mapping.leadStatus || (mapping.leadGrade && lead.leadGrade !== mapping.leadGrade))) {
    rows.leads.push({ id: lead.id, at: now.toISOString(), status: mapping.leadStatus, lead_grade: mapping.leadGrade ?? lead.leadGrade });
    rows.events.push({
      lead_id: lead.id,
      at: now.toISOString(),
      data: {
        advertiserStatus,
        from: lead.status,
        to: mapping.leadStatus,
        leadGrade: mapping.leadGrade ?? null,
        conversionId,
        integrationId: integration.id,
      },
    });
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
    return { jobs, ...done(conversionId, changed) };
  }
  return { jobs: [] as PostbackDeliverJob[], ...done(conversionId, changed) };

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
