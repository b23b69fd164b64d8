/**
 * The lead engine's two hot writes, group-committed (lib/batcher.ts): concurrent leads share one statement and one
 * commit, and each request answers only after the statement holding its lead has committed.
 * - `insert`: the duplicate search, the lead and its `created` history entry, in ONE statement. The intake decides
 *   the lead's status as if it were no duplicate; the statement makes it `duplicate` (no hold, no lease) when an
 *   earlier lead of the vertical within the window has the same phone or e-mail. Two leads of one batch do not see
 *   each other (as two concurrent statements would not).
 * - `sent`: an accepted delivery — the `lead_deliveries` row, the lead's sent state and its `sent` history entry.
 * Both also carry the lead's events (lead-events.ts): the outbound postbacks are put in the postback outbox by the same
 * statement (a CTE, modules/engine/postback-delivery/enqueue.ts), so they commit with the lead, and the outbox's workers are
 * woken once it has committed. A batch without postbacks runs the statement without that CTE.
 */
import type { Database } from '../../../db/client';
import { Batcher } from '../../../lib/batcher';
import { pgJson } from '../../../lib/pg-text';
import { outboxInsertSql, wakeOutbox, type PostbackDeliverJob } from '../postback-delivery';

export interface LeadInsert {
  status: string;
  statusReason: string | null;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  email: string | null;
  country: string | null;
  language: string | null;
  ip: string | null;
  landing: string | null;
  sourceUrl: string | null;
  userAgent: string | null;
  fields: Record<string, unknown>;
  subs: (string | null)[];
  clickId: string | null;
  campaignId: number | null;
  offerId: number;
  verticalId: number;
  affiliateId: number;
  teamId: number | null;
  landerId: number | null;
  isTest: boolean;
  holdUntil: Date | null;
  leaseUntil: Date | null;
  createdAt: Date;
  /** the `created` history entry's data when the lead is no duplicate */
  event: Record<string, unknown>;
  userId: number;
  /** look for an earlier lead of the vertical since then with this phone or e-mail (null: no duplicate search) */
  duplicates: { since: Date; phone: string | null; email: string | null } | null;
  /** the lead's postbacks as it is inserted (leadId and the lead_id macro are filled in by the statement) */
  jobs?: PostbackDeliverJob[];
  /** the same when the statement finds it a duplicate */
  dupJobs?: PostbackDeliverJob[];
  /** an imported lead: the date of its file row, and its import */
  sourceDate?: Date | null;
  importId?: number | null;
}

export interface LeadSent {
  leadId: number;
  advertiserId: number;
  integrationId: number;
  request: Record<string, unknown>;
  responseStatus: number | null;
  responseBody: string | null;
  advertiserLeadId: string | null;
  redirectUrl: string | null;
  error: string | null;
  durationMs: number;
  at: Date;
  /** the lead's `event_sent` postback jobs */
  jobs?: PostbackDeliverJob[];
}

/** the batch as one JSON parameter (lib/pg-text.ts: the intake refused NUL characters already) */
const json = (rows: unknown[]) => pgJson(rows);

/** exported for the plan test (lead-writer.test.ts) */
export const INSERT = `
with input as (
  select * from json_to_recordset($1::json) as x(ord int, status varchar, status_reason varchar, first_name varchar, last_name varchar,
    phone varchar, email varchar, country varchar, language varchar, ip varchar, landing text, source_url text, user_agent text,
    fields jsonb, sub1 varchar, sub2 varchar, sub3 varchar, sub4 varchar, sub5 varchar, sub6 varchar, sub7 varchar, sub8 varchar,
    sub9 varchar, click_id uuid, campaign_id int, offer_id int, vertical_id int, affiliate_id int, team_id int, lander_id int,
    is_test boolean, hold_until timestamptz, lease_until timestamptz, created_at timestamptz, event jsonb, user_id int,
    dup_since timestamptz, dup_phone varchar, dup_email varchar, jobs jsonb, dup_jobs jsonb, source_date timestamptz, import_id int)
), rows as (
  select nextval('leads_id_seq') as id, i.*,
    -- each key on its own index (vertical_id, phone|email, created_at): the earliest match of either
    least(
      (select d.id from leads d
        where i.dup_phone is not null and d.vertical_id = i.vertical_id and d.phone = i.dup_phone and d.created_at >= i.dup_since
          and d.status not in ('test', 'duplicate')
        order by d.created_at, d.id limit 1),
      (select d.id from leads d
        where i.dup_email is not null and d.vertical_id = i.vertical_id and d.email = i.dup_email and d.created_at >= i.dup_since
          and d.status not in ('test', 'duplicate')
        order by d.created_at, d.id limit 1)) as dup_id
  from input i
), l as (
  insert into leads (id, status, status_reason, first_name, last_name, phone, email, country, language, ip, landing, source_url,
    user_agent, fields, sub1, sub2, sub3, sub4, sub5, sub6, sub7, sub8, sub9, click_id, campaign_id, offer_id, vertical_id,
    affiliate_id, team_id, lander_id, is_test, duplicate_of, hold_until, delivery_lease_until, created_at, updated_at, source_date, import_id)
  select id, case when dup_id is null then status else 'duplicate' end,
    case when dup_id is null then status_reason else 'Duplicate of lead ' || dup_id end,
    first_name, last_name, phone, email, country, language, ip, landing, source_url, user_agent, coalesce(fields, '{}'::jsonb),
    sub1, sub2, sub3, sub4, sub5, sub6, sub7, sub8, sub9, click_id, campaign_id, offer_id, vertical_id, affiliate_id, team_id,
    lander_id, is_test, dup_id, case when dup_id is null then hold_until end, case when dup_id is null then lease_until end,
    created_at, created_at, source_date, import_id
  from rows
), e as (
  insert into lead_events (lead_id, type, data, user_id, created_at)
  select id, 'created',
    case when dup_id is null then event else jsonb_build_object('status', 'duplicate', 'reason', 'Duplicate of lead ' || dup_id) end,
    user_id, created_at
  from rows
)/*jobs*/
select ord, id, dup_id from rows order by ord`;

/** the JSON of the insert's postbacks: each lead's (or, as a duplicate, its dup_jobs), with the lead's new id */
const INSERT_JOBS = `(select coalesce(json_agg(json_build_object('data',
    jsonb_set(jsonb_set(t.j, '{leadId}', to_jsonb(r.id)), '{values,lead_id}', to_jsonb(r.id)))), '[]'::json)
  from rows r cross join lateral jsonb_array_elements(case when r.dup_id is null then r.jobs else r.dup_jobs end) as t(j))`;

const SENT_JOBS = `(select coalesce(json_agg(json_build_object('data', t.j)), '[]'::json)
  from v cross join lateral jsonb_array_elements(v.jobs) as t(j))`;

const SENT = `
with v as (
  select * from json_to_recordset($1::json) as x(lead_id bigint, advertiser_id int, integration_id int, request jsonb,
    response_status int, response_body text, advertiser_lead_id varchar, redirect_url text, error varchar, duration_ms int,
    at timestamptz, jobs jsonb)
), d as (
  insert into lead_deliveries (lead_id, created_at, advertiser_id, integration_id, result, request, response_status, response_body,
    advertiser_lead_id, redirect_url, error, duration_ms)
  select lead_id, at, advertiser_id, integration_id, 'accepted', request, response_status, response_body, advertiser_lead_id,
    redirect_url, error, duration_ms
  from v
), u as (
  update leads set status = 'sent', status_reason = null, advertiser_id = v.advertiser_id, integration_id = v.integration_id,
    advertiser_lead_id = v.advertiser_lead_id, redirect_url = v.redirect_url, sent_at = v.at, updated_at = v.at,
    delivery_attempts = leads.delivery_attempts + 1, delivery_lease_until = null, next_attempt_at = null
  -- the id list keeps the plan on the primary key: the planner guesses 100 rows for json_to_recordset and would
  -- otherwise hash-join it against a sequential scan of leads
  from v where leads.id = v.lead_id and leads.id = any(array(select lead_id from v))
)/*jobs*/
insert into lead_events (lead_id, type, data, created_at)
select lead_id, 'sent', jsonb_build_object('advertiserId', advertiser_id, 'integrationId', integration_id), at from v`;

/** a statement with its postbacks' CTE, or the plain one */
const withJobs = (text: string, jobs: string) => text.replace('/*jobs*/', `, jobs as (${outboxInsertSql(jobs)})`);
const INSERT_WITH_JOBS = withJobs(INSERT, INSERT_JOBS);
const SENT_WITH_JOBS = withJobs(SENT, SENT_JOBS);

/** one lead of the INSERT statement's JSON parameter */
export const insertRow = (l: LeadInsert, ord: number) => ({
  ord,
  status: l.status,
  status_reason: l.statusReason,
  first_name: l.firstName,
  last_name: l.lastName,
  phone: l.phone,
  email: l.email,
  country: l.country,
  language: l.language,
  ip: l.ip,
  landing: l.landing,
  source_url: l.sourceUrl,
  user_agent: l.userAgent,
  fields: l.fields,
  ...Object.fromEntries(l.subs.map((v, i) => [`sub${i + 1}`, v])),
  click_id: l.clickId,
  campaign_id: l.campaignId,
  offer_id: l.offerId,
  vertical_id: l.verticalId,
  affiliate_id: l.affiliateId,
  team_id: l.teamId,
  lander_id: l.landerId,
  is_test: l.isTest,
  hold_until: l.holdUntil?.toISOString() ?? null,
  lease_until: l.leaseUntil?.toISOString() ?? null,
  created_at: l.createdAt.toISOString(),
  event: l.event,
  user_id: l.userId,
  dup_since: l.duplicates?.since.toISOString() ?? null,
  dup_phone: l.duplicates?.phone ?? null,
  dup_email: l.duplicates?.email ?? null,
  source_date: l.sourceDate?.toISOString() ?? null,
  import_id: l.importId ?? null,
  jobs: l.jobs?.length ? l.jobs : null,
  dup_jobs: l.dupJobs?.length ? l.dupJobs : null,
});

export class LeadWriter {
  private readonly inserts: Batcher<LeadInsert, { id: number; duplicateOf: number | null }>;
  private readonly sents: Batcher<LeadSent, null>;

  constructor(private readonly database: Database) {
    this.inserts = new Batcher(async (list) => {
      const payload = list.map(insertRow);
      const jobs = list.some((l) => l.jobs?.length || l.dupJobs?.length);
      const { rows } = await database.query<{ ord: number; id: string | number; dup_id: string | number | null }>(
        jobs ? INSERT_WITH_JOBS : INSERT,
        [json(payload)],
        jobs ? 'lead_insert_jobs' : 'lead_insert',
      );
      if (jobs) wakeOutbox(database);
      return rows.map((r) => ({ id: Number(r.id), duplicateOf: r.dup_id === null ? null : Number(r.dup_id) }));
    });
    this.sents = new Batcher(async (list) => {
      const payload = list.map((s) => ({
        lead_id: s.leadId,
        advertiser_id: s.advertiserId,
        integration_id: s.integrationId,
        request: s.request,
        response_status: s.responseStatus,
        response_body: s.responseBody,
        advertiser_lead_id: s.advertiserLeadId,
        redirect_url: s.redirectUrl,
        error: s.error,
        duration_ms: s.durationMs,
        at: s.at.toISOString(),
        jobs: s.jobs?.length ? s.jobs : null,
      }));
      const jobs = list.some((s) => s.jobs?.length);
      await database.query(jobs ? SENT_WITH_JOBS : SENT, [json(payload)], jobs ? 'lead_sent_jobs' : 'lead_sent');
      if (jobs) wakeOutbox(database);
      return list.map(() => null);
    });
  }

  /** stores the lead and its first history entry; answers its id and, when it turned out a duplicate, of which lead */
  insert(lead: LeadInsert): Promise<{ id: number; duplicateOf: number | null }> {
    return this.inserts.add(lead);
  }

  /** records an accepted delivery: the attempt, the lead's sent state and its history */
  async sent(delivery: LeadSent): Promise<void> {
    await this.sents.add(delivery);
  }
}

const writers = new WeakMap<Database, LeadWriter>();

/** the process's lead writer on a database */
export function leadWriter(database: Database): LeadWriter {
  let w = writers.get(database);
  if (!w) {
    w = new LeadWriter(database);
    writers.set(database, w);
  }
  return w;
}
