/**
 * The three fixed statements of a batch of postbacks (the lock, the probe, the write), each taking the batch as JSON so
 * that PostgreSQL plans it once per connection and the app builds no SQL per postback.
 */
import { insertLogsSql, outboxInsertSql } from '../../postback-delivery';
import type { ClickCopy } from '../../clicks';
import { uuidTime } from '../../tracking';
import type { SubjectClick, SubjectLead } from './types';

/**
 * The subject columns of the lock statement: the lead's, then its click's prefixed with c_. The click's are what the
 * lead keeps of it (`click_data`, copied when the lead was written, migration 0026) and the time in its id: the raw
 * click may be gone (the retention drops old days), and the lock reads no clicks partition.
 */
const SUBJECT_COLUMNS = `l.id::float8 as "id", l.created_at as "createdAt", l.status, l.lead_grade as "leadGrade", l.offer_id as "offerId",
  l.affiliate_id as "affiliateId", l.team_id as "teamId", l.advertiser_id as "advertiserId", l.country, l.ip, l.click_id as "clickId",
  l.campaign_id as "campaignId", l.sub1, l.sub2, l.sub3, l.sub4, l.sub5, l.sub6, l.sub7, l.sub8, l.sub9,
  case when l.click_data is not null then l.click_id end as "c_id", coalesce(click_time(l.click_id), l.created_at) as "c_createdAt",
  l.offer_id as "c_offerId", l.affiliate_id as "c_affiliateId", l.team_id as "c_teamId", l.click_data->>'country' as "c_country",
  l.click_data->>'ip' as "c_ip", l.campaign_id as "c_campaignId", l.click_data->>'sub1' as "c_sub1", l.click_data->>'sub2' as "c_sub2",
  l.click_data->>'sub3' as "c_sub3", l.click_data->>'sub4' as "c_sub4", l.click_data->>'sub5' as "c_sub5", l.click_data->>'sub6' as "c_sub6",
  l.click_data->>'sub7' as "c_sub7", l.click_data->>'sub8' as "c_sub8", l.click_data->>'sub9' as "c_sub9"`;

/** the leads a batch names by our id, with what they keep of their clicks, locked in id order ($1: the ids as an array literal) */
const LOCK_SQL = `select ${SUBJECT_COLUMNS}
from leads l
where l.id = any($1::bigint[])
order by l.id
for update of l`;

export type SubjectRow = SubjectLead & { [K in keyof SubjectClick as `c_${K}`]: SubjectClick[K] | null };

export function subjectOf(row: SubjectRow): { lead: SubjectLead; click?: SubjectClick } {
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

/** what a lead or conversion keeps of its click (migration 0026) as the postback's click: the raw click may be gone */
export function clickOfCopy(
  clickId: string,
  owner: { createdAt: Date; offerId: number; affiliateId: number; teamId: number | null; campaignId: number | null },
  d: ClickCopy,
): SubjectClick {
  const subs = Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`sub${i + 1}`, d[`sub${i + 1}` as 'sub1'] ?? null]));
  return {
    id: clickId,
    createdAt: uuidTime(clickId) ?? owner.createdAt,
    offerId: owner.offerId,
    affiliateId: owner.affiliateId,
    teamId: owner.teamId,
    country: d.country ?? null,
    ip: d.ip ?? null,
    campaignId: owner.campaignId,
    ...subs,
  } as SubjectClick;
}

/** a lead's click as the lock statement gives it (SUBJECT_COLUMNS): from what the lead keeps of it */
export const clickOfLead = (lead: SubjectLead & { clickData: ClickCopy | null }): SubjectClick | undefined =>
  lead.clickId && lead.clickData ? clickOfCopy(lead.clickId, lead, lead.clickData) : undefined;

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

/** the statements with their prepared names; the write's outbound postbacks go into the postback outbox by its `jobs` CTE */
export const LOCK = { text: LOCK_SQL, name: 'postback_lock' };
export const PROBE = { text: PROBE_SQL, name: 'postback_probe' };
export const WRITE = { text: writeSql(outboxInsertSql('$5::text::json')), name: 'postback_write' };
