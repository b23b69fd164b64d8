/**
 * Postback logs (product §7): the attempts of outbound affiliate postbacks (`system_logs` postback_out, entity affiliate)
 * and of inbound advertiser postbacks (postback_in, entity advertiser), newest first, 25 a page by default.
 *
 * Who sees what: an affiliate sees only the logs of its own postbacks; staff see the affiliate logs of the affiliates
 * in their people scope (all, or the ones they manage); the advertiser logs need `log.postback.advertiser.read` (the
 * route checks it) and are never shown to an affiliate. A log outside the reader's reach is a 404.
 */
import type { PostbackLog, PostbackLogEntity, PostbackLogListQuery } from '@leadgrid/shared';
import { and, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { advertisers, integrations, postbacks, systemLogs, userManagers, users, verticalGoals } from '../../../db/schema';
import { hasPermission, requireActor, type Ctx } from '../../../http/context';
import { AppError } from '../../../http/errors';
import { parseList, toSeconds, type ListSpec } from '../../../http/list-query';
import { peopleScope } from '../../people/scope';
import { listPage } from '../../../lib/lists';

const LIST: ListSpec = {
  orderBy: {
    id: systemLogs.id,
    createdAt: systemLogs.createdAt,
    success: systemLogs.success,
    responseStatus: systemLogs.responseStatus,
    attempt: systemLogs.attempt,
  },
  defaultOrder: 'createdAt:desc',
};

export const ADVERTISER_LOG_READ = 'log.postback.advertiser.read';
export const AFFILIATE_LOG_READ = 'front.postback_log.affiliate.read';

const personName = sql<string | null>`nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')`;

/** a log with the titles of what it names, in one query (left joins: a deleted row leaves its id without a title) */
const selectLogs = (ctx: Ctx) =>
  ctx.db
    .select({
      log: systemLogs,
      affiliateName: personName,
      affiliateEmail: users.email,
      goalTitle: verticalGoals.title,
      postbackTitle: postbacks.title,
      advertiserTitle: advertisers.title,
      integrationTitle: integrations.title,
    })
    .from(systemLogs)
    .leftJoin(users, eq(users.id, systemLogs.affiliateId))
    .leftJoin(verticalGoals, eq(verticalGoals.id, systemLogs.goalId))
    .leftJoin(postbacks, eq(postbacks.id, systemLogs.postbackId))
    .leftJoin(advertisers, eq(advertisers.id, systemLogs.advertiserId))
    .leftJoin(integrations, eq(integrations.id, systemLogs.integrationId));

type Joined = Awaited<ReturnType<ReturnType<typeof selectLogs>['execute']>>[number];

/** the answer of one log; an affiliate gets no advertiser or integration (ids or titles) */
function toLog(j: Joined, affiliate: boolean): PostbackLog {
  const row = j.log;
  const log: PostbackLog = {
    id: row.id,
    createdAt: toSeconds(row.createdAt)!,
    type: row.type,
    entity: row.entity as PostbackLogEntity,
    affiliateId: row.affiliateId,
    advertiserId: affiliate ? null : row.advertiserId,
    integrationId: affiliate ? null : row.integrationId,
    postbackId: row.postbackId,
    leadId: row.leadId,
    conversionId: row.conversionId,
    goalId: row.goalId,
    conversionStatus: row.conversionStatus,
    event: row.event,
    data: row.data,
    responseStatus: row.responseStatus,
    responseBody: row.responseBody,
    success: row.success,
    msg: row.msg,
    attempt: row.attempt,
    affiliateName: j.affiliateName,
    affiliateEmail: j.affiliateEmail,
    goalTitle: j.goalTitle,
    postbackTitle: j.postbackTitle,
  };
  return affiliate ? log : { ...log, advertiserTitle: j.advertiserTitle, integrationTitle: j.integrationTitle };
}

/** The condition keeping the logs of one entity the actor may read (undefined: no restriction). */
export function reachWhere(ctx: Ctx, entity: PostbackLogEntity): SQL | undefined {
  const actor = requireActor(ctx);
  if (entity === 'advertiser') return actor.roleType !== 'affiliate' && hasPermission(actor, ADVERTISER_LOG_READ) ? undefined : sql`false`;
  if (!hasPermission(actor, AFFILIATE_LOG_READ)) return sql`false`;
  if (actor.roleType === 'affiliate') return eq(systemLogs.affiliateId, actor.id);
  const scope = peopleScope(actor, 'read');
  if (scope === 'all') return undefined;
  if (scope === 'none') return sql`false`;
  return inArray(
    systemLogs.affiliateId,
    ctx.db.select({ id: userManagers.userId }).from(userManagers).where(eq(userManagers.managerId, actor.id)),
  );
}

const ids = <T>(column: Parameters<typeof inArray>[0], values: T[] | undefined) => (values?.length ? inArray(column, values) : undefined);

export async function list(ctx: Ctx, entity: PostbackLogEntity, q: PostbackLogListQuery) {
  const p = parseList(q, LIST);
  if (q.createdFrom !== undefined && q.createdTo !== undefined && q.createdFrom > q.createdTo)
    throw AppError.field(['querystring', 'createdTo'], 'min', 'The end of the period is before its start');
  const where = and(
    eq(systemLogs.entity, entity),
    reachWhere(ctx, entity),
    ids(systemLogs.affiliateId, q.affiliateId),
    ids(systemLogs.advertiserId, q.advertiserId),
    ids(systemLogs.integrationId, q.integrationId),
    ids(systemLogs.postbackId, q.postbackId),
    ids(systemLogs.leadId, q.leadId),
    ids(systemLogs.conversionId, q.conversionId),
    ids(systemLogs.event, q.event),
    q.success === undefined ? undefined : eq(systemLogs.success, q.success),
    q.createdFrom === undefined ? undefined : gte(systemLogs.createdAt, new Date(q.createdFrom * 1000)),
    q.createdTo === undefined ? undefined : lt(systemLogs.createdAt, new Date((q.createdTo + 1) * 1000)),
  );
  const affiliate = requireActor(ctx).roleType === 'affiliate';
  return listPage(ctx, p, {
    table: systemLogs,
    newestFirst: true,
    where,
    query: selectLogs(ctx).$dynamic(),
    map: (r) => toLog(r, affiliate),
  });
}

/** One log; 404 when it does not exist or lies outside the reader's reach. */
export async function get(ctx: Ctx, id: number): Promise<PostbackLog> {
  const [joined] = await selectLogs(ctx).where(eq(systemLogs.id, id));
  const row = joined?.log;
  const entity = row?.entity as PostbackLogEntity | undefined;
  if (!row || (entity !== 'affiliate' && entity !== 'advertiser')) throw AppError.notFound('Postback log');
  const reach = reachWhere(ctx, entity);
  if (reach) {
    const [hit] = await ctx.db
      .select({ id: systemLogs.id })
      .from(systemLogs)
      .where(and(eq(systemLogs.id, id), reach));
    if (!hit) throw AppError.notFound('Postback log');
  }
  return toLog(joined, requireActor(ctx).roleType === 'affiliate');
}
