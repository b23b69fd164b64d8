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
import { postbackSection, type Postback } from '@leadgrid/shared';
import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Config } from '../../../../config';
import type { Database, DbOrTx } from '../../../../db/client';
import { preparedQuery } from '../../../../db/prepared';
import { clicks, conversions, integrations, leads, offerAdvertisers } from '../../../../db/schema';
import type { Ctx } from '../../../../http/context';
import type { JobQueue } from '../../../../jobs/queue';
import { Batcher } from '../../../../lib/batcher';
import { pgJson } from '../../../../lib/pg-text';
import type { ChangeFeed } from '../../../../lib/cache/change-feed';
import { countConversion, type CountedConversion } from '../../../inventory/caps';
import { capReached } from '../../../settings/notifications';
import { clickIdIs, droppedClickDays } from '../../clicks';
import { logRow, wakeOutbox, type PostbackDeliverJob } from '../../postback-delivery';
import { log, logValues } from './log';
import { ipAllowed, plainIp, postbackParams, storable } from './params';
import { finish, prepare, type Plan, type Probe, type Writes } from './plan';
import { PostbackInReads, type PostbackReads } from './reads';
import { clickOfCopy, clickOfLead, LOCK, PROBE, subjectOf, WRITE, type SubjectRow } from './sql';
import {
  Refusal,
  type BatchItem,
  type InboundPostback,
  type IntegrationRow,
  type PostbackOutcome,
  type RecordOptions,
  type Subject,
  type SubjectClick,
  type SubjectLead,
} from './types';

const UNKNOWN_KEY = 'Unknown postback key';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The lead or click the postback names — our lead id (or the advertiser's id for it), or the visitor's click id — locked
 * (the lead with its click in one statement): one postback of a lead (or of a click without a lead) at a time, so an
 * advertiser's retries racing each other find the conversion the first one made instead of making another (or tripping
 * over its event id's unique index). A lead counts only for the advertiser it was sent to, a click without a lead only for
 * an integration that is a target of the click's offer (offer_advertisers); anything else is answered as unknown.
 */
async function lockSubject(
  tx: DbOrTx,
  integration: IntegrationRow,
  p: Record<string, string>,
  names: Postback,
  opts: RecordOptions,
  now: Date,
): Promise<Subject> {
  const leadRef = p[names.leadIdParam]?.trim();
  const clickRef = p[names.clickIdParam]?.trim();
  if (!leadRef && !clickRef) throw new Refusal(400, `The postback names no lead: give ${names.leadIdParam} or ${names.clickIdParam}`);
  const leadWithClick = async (where: SQL | undefined) => {
    // the lead's click is what the lead keeps of it (the raw click may be gone: the retention; sql.ts SUBJECT_COLUMNS)
    const [lead] = await tx.select().from(leads).where(where).orderBy(desc(leads.id)).limit(1).for('update', { of: leads });
    return lead ? { lead, click: clickOfLead(lead) } : undefined;
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
            clickIdIs(clickRef),
            sql`exists (select 1 from ${offerAdvertisers} oa where oa.offer_id = ${clicks.offerId} and oa.integration_id = ${integration.id})`,
          ),
        )
        .for('update');
      if (click) {
        if (!click.offerId || !click.affiliateId) throw new Refusal(404, `Unknown click ${clickRef}`);
        found = { click };
      } else {
        // the raw click may be gone (the retention): a click that already converted for this integration's offer is
        // known by its conversion's copy, the conversion locked in its stead
        const [conv] = await tx
          .select()
          .from(conversions)
          .where(
            and(
              eq(conversions.clickId, clickRef),
              isNull(conversions.leadId),
              sql`exists (select 1 from ${offerAdvertisers} oa where oa.offer_id = ${conversions.offerId} and oa.integration_id = ${integration.id})`,
            ),
          )
          .orderBy(desc(conversions.id))
          .limit(1)
          .for('update');
        if (!conv) {
          const days = await droppedClickDays(tx, clickRef, now);
          throw new Refusal(
            404,
            days ? `The click ${clickRef} is older than the ${days} days raw clicks are kept` : `Unknown click ${clickRef}`,
          );
        }
        found = { click: clickOfCopy(clickRef, conv, conv.clickData ?? {}) };
      }
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
    const locked = ids.length ? (await preparedQuery<SubjectRow>(database, tx, LOCK, [`{${ids.join(',')}}`])).map(subjectOf) : [];
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
            : await lockSubject(tx, item.integration, item.p, item.names, item.opts, item.ctx.now());
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
      ? await preparedQuery<Probe>(database, tx, PROBE, [JSON.stringify(plans.map(({ plan }, ord) => ({ ord, ...plan.probe })))])
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
      await preparedQuery(database, tx, WRITE, [
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
