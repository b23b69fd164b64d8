/**
 * The postback logs of the hot paths (`system_logs` postback_in and postback_out) as JSON rows, inserted by one fixed
 * statement (`json_to_recordset`): the inbound postback's batch statement and the delivery workers' attempt logs use it
 * as a named prepared statement, so PostgreSQL plans it once and the app builds no SQL per row.
 */
import type { systemLogs } from '../../../db/schema';

const LOG_COLUMNS = `created_at, type, entity, advertiser_id, integration_id, affiliate_id, postback_id, lead_id, conversion_id, goal_id,
  conversion_status, event, data, response_status, response_body, success, msg, attempt`;

/** the insert of system logs from the JSON rows (logRow) at `param`, e.g. `$1::json` */
export const insertLogsSql = (param: string) => `insert into system_logs (${LOG_COLUMNS})
select created_at, type, entity, advertiser_id, integration_id, affiliate_id, postback_id, lead_id, conversion_id, goal_id,
  conversion_status, event, coalesce(data, '{}'::jsonb), response_status, response_body, success, msg, coalesce(attempt, 1)
from json_to_recordset(${param}) as x(created_at timestamptz, type varchar, entity varchar, advertiser_id int, integration_id int,
  affiliate_id int, postback_id int, lead_id bigint, conversion_id bigint, goal_id int, conversion_status smallint, event varchar,
  data jsonb, response_status int, response_body text, success boolean, msg varchar, attempt int)`;

/** a system log as a JSON row of insertLogsSql (keys left out are NULL) */
export function logRow(v: typeof systemLogs.$inferInsert) {
  return {
    created_at: (v.createdAt ?? new Date()).toISOString(),
    type: v.type,
    entity: v.entity,
    advertiser_id: v.advertiserId,
    integration_id: v.integrationId,
    affiliate_id: v.affiliateId,
    postback_id: v.postbackId,
    lead_id: v.leadId,
    conversion_id: v.conversionId,
    goal_id: v.goalId,
    conversion_status: v.conversionStatus,
    event: v.event,
    data: v.data,
    response_status: v.responseStatus,
    response_body: v.responseBody,
    success: v.success,
    msg: v.msg,
    attempt: v.attempt,
  };
}
