/**
 * The ready reports as export types (docs/decisions/insights.md "Reports, downloads and scheduled reports"): each reads
 * one source of truth in the owner's scope — money from the ledger (modules/money/ledger, scoped by money.scope.ts),
 * traffic from the statistics service, lead quality from the lead statistics, postback failures from the postback
 * logs — and is written by the export job as CSV or XLSX. A report with no rows fails with product §8's message.
 */
import {
  MAX_PAGE_SIZE,
  REPORT_EMPTY_MESSAGE,
  toDecimal,
  advertiserRevenueQuery,
  affiliatePayoutsQuery,
  leadQualityQuery,
  offerPerformanceQuery,
  postbackFailuresQuery,
  roundMoney,
  API_LEAD_STATUSES,
  type PartyType,
} from '@leadgrid/shared';
import { and, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { z } from 'zod';
import { advertisers, systemLogs, users } from '../../../db/schema';
import { requireActor, type Ctx } from '../../../http/context';
import { AppError } from '../../../http/errors';
import type { CsvValue } from '../csv';
import type { Exporter } from '../exporters';
import { ledgerEntries } from '../../money/ledger';
import { affiliateWhere, requireReach } from '../../money/money.scope';
import { reachWhere as postbackLogReach } from '../../engine/postback-logs';
import { leadStatistics, statisticsQuery } from '../statistics';
import { dayStart } from '../statistics';

type Period = { dateFrom?: string; dateTo?: string; timezone?: string };

/** [from, to) of a report's days in its zone (the owner's by default); today when no day is given */
export function reportPeriod(ctx: Ctx, q: Period): { from: Date; to: Date; zone: string } {
  const zone = q.timezone ?? requireActor(ctx).timezone ?? 'UTC';
  const today = DateTime.fromJSDate(ctx.now(), { zone }).toFormat('yyyy-MM-dd');
  const first = q.dateFrom ?? q.dateTo ?? today;
  const last = q.dateTo ?? q.dateFrom ?? today;
  const from = dayStart(first, zone)!;
  const to = dayStart(last, zone, 1)!;
  if (to <= from) throw AppError.field(['body', 'query', 'dateTo'], 'min', 'dateTo must not be before dateFrom');
  if (to - from > 400 * 86_400_000) throw AppError.field(['body', 'query', 'dateFrom'], 'noMore', 'The period is longer than 400 days');
  return { from: new Date(from), to: new Date(to), zone };
}

/**
 * The rows of a report, failing with product §8's message when there are none: `POST /exports` answers it as a 422
 * before anything is stored; in the job (the data went between start and run, or a scheduled run) the export ends
 * `failed` with the same message.
 */
const nonEmpty = (n: number) => {
  if (n === 0) throw AppError.business(REPORT_EMPTY_MESSAGE);
  return n;
};

// --- money: the ledger ----------------------------------------------------------------------------------------------

const MONEY_BUCKETS = ['hold', 'approved', 'requested', 'paid'] as const;

type LedgerQuery = z.infer<typeof affiliatePayoutsQuery> & { advertiserId?: number[] };

/**
 * The ledger movements of one side in the period, per party and currency: the net change of each bucket and their sum
 * (`earned`: what was accrued in the period — a move between buckets nets to zero), in the currency and in the base
 * currency; advertisers also show their advance movements (money paid ahead, not revenue, so outside `earned`).
 */
function ledgerReport(side: PartyType): Exporter<LedgerQuery, number> {
  const where = (ctx: Ctx, q: LedgerQuery): SQL | undefined => {
    requireReach(ctx, 'balance', side);
    const { from, to } = reportPeriod(ctx, q);
    const ids = side === 'affiliate' ? q.affiliateId : q.advertiserId;
    return and(
      eq(ledgerEntries.partyType, side),
      gte(ledgerEntries.createdAt, from),
      lt(ledgerEntries.createdAt, to),
      side === 'affiliate' ? affiliateWhere(ctx, ledgerEntries.partyId, 'balance') : undefined,
      ids?.length ? inArray(ledgerEntries.partyId, ids) : undefined,
      q.currency ? eq(ledgerEntries.currency, q.currency) : undefined,
    );
  };
  const sumOf = (bucket: string | null, column: 'amount' | 'base_amount' = 'amount') =>
    bucket
      ? sql<string>`coalesce(sum(${sql.raw(column)}) filter (where bucket = ${bucket}), 0)::text`
      : sql<string>`coalesce(sum(${sql.raw(column)}) filter (where bucket <> 'advance'), 0)::text`;
  const buckets = side === 'advertiser' ? [...MONEY_BUCKETS, 'advance' as const] : MONEY_BUCKETS;
  return {
    type: side === 'affiliate' ? 'affiliate_payouts' : 'advertiser_revenue',
    permission: ['front.menu.reports.read'],
    schema: (side === 'affiliate' ? affiliatePayoutsQuery : advertiserRevenueQuery) as never,
    fileName: side === 'affiliate' ? 'affiliate-payouts' : 'advertiser-revenue',
    async count(ctx, q) {
      const [row] = await ctx.db
        .select({ n: sql<number>`count(distinct (${ledgerEntries.partyId}, ${ledgerEntries.currency}))::int` })
        .from(ledgerEntries)
        .where(where(ctx, q));
      return nonEmpty(Number(row?.n ?? 0));
    },
    header: () => [side === 'affiliate' ? 'affiliateId' : 'advertiserId', side, 'currency', ...buckets, 'earned', 'earnedBase'],
    async page(ctx, q, cursor, size) {
      const offset = cursor ?? 0;
      const rows = await ctx.db
        .select({
          partyId: ledgerEntries.partyId,
          currency: ledgerEntries.currency,
          ...Object.fromEntries(buckets.map((b) => [b, sumOf(b)])),
          earned: sumOf(null),
          earnedBase: sumOf(null, 'base_amount'),
        })
        .from(ledgerEntries)
        .where(where(ctx, q))
        .groupBy(ledgerEntries.partyId, ledgerEntries.currency)
        .orderBy(ledgerEntries.partyId, ledgerEntries.currency)
        .limit(size)
        .offset(offset);
      const ids = [...new Set(rows.map((r) => r.partyId))];
      const names = new Map<number, string>();
      if (ids.length && side === 'affiliate')
        for (const u of await ctx.db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, ids)))
          names.set(u.id, u.email);
      if (ids.length && side === 'advertiser')
        for (const a of await ctx.db
          .select({ id: advertisers.id, title: advertisers.title })
          .from(advertisers)
          .where(inArray(advertisers.id, ids)))
          names.set(a.id, a.title);
      const out = rows.map((r) => {
        const rec = r as unknown as Record<string, string>;
        return [
          r.partyId,
          names.get(r.partyId) ?? null,
          r.currency,
          ...buckets.map((b) => roundMoney(rec[b])),
          roundMoney(r.earned),
          roundMoney(r.earnedBase),
        ] as CsvValue[];
      });
      return { rows: out, cursor: rows.length === size ? offset + rows.length : null };
    },
  };
}

export const affiliatePayoutsExporter = ledgerReport('affiliate');
export const advertiserRevenueExporter = ledgerReport('advertiser');

// --- traffic: the statistics service --------------------------------------------------------------------------------

const valueOf = (v: unknown): CsvValue => {
  if (v === null || v === undefined) return null;
  if (typeof v === 'object') return (v as { title?: string }).title ?? null;
  return v as CsvValue;
};

type OfferQuery = z.infer<typeof offerPerformanceQuery>;
const offerView = (q: OfferQuery, limit: number, offset: number) => ({ ...q, groupBy: 'offer' as const, limit, offset });

/** the statistics per offer (every metric the owner may see, money as exact decimals), in the statistics service's scope */
export const offerPerformanceExporter: Exporter<OfferQuery, number> = {
  type: 'offer_performance',
  permission: ['front.menu.reports.read'],
  schema: offerPerformanceQuery as never,
  fileName: 'offer-performance',
  count: async (ctx, q) => nonEmpty((await statisticsQuery(ctx, offerView(q, 1, 0))).meta.totalCount),
  header: () => [],
  headerOf: async (ctx, q) => ['offer', ...Object.keys((await statisticsQuery(ctx, offerView(q, 1, 0))).meta.totals)],
  async page(ctx, q, cursor, size) {
    const offset = cursor ?? 0;
    const answer = await statisticsQuery(ctx, offerView(q, Math.min(size, MAX_PAGE_SIZE), offset));
    const keys = Object.keys(answer.meta.totals);
    const rows = answer.items.map((item) => [valueOf(item.offer), ...keys.map((k) => valueOf(item[k]))]);
    const next = offset + answer.items.length;
    return { rows, cursor: answer.items.length > 0 && next < answer.meta.totalCount ? next : null };
  },
};

type LeadQuery = z.infer<typeof leadQualityQuery>;
const leadView = (q: LeadQuery, limit: number, offset: number) => ({ ...q, limit, offset });
const STATUS_COLUMNS = API_LEAD_STATUSES.map((s) => `leads_${s}` as const);

/** lead outcomes per `groupBy` (offer by default): every status, every grade (`grade:<key>`, `grade:` none yet), rates */
export const leadQualityExporter: Exporter<LeadQuery, number> = {
  type: 'lead_quality',
  permission: ['front.menu.reports.read'],
  schema: leadQualityQuery as never,
  fileName: 'lead-quality',
  count: async (ctx, q) => nonEmpty((await leadStatistics(ctx, leadView(q, 1, 0))).meta.totalCount),
  header: () => [],
  async headerOf(ctx, q) {
    const { meta } = await leadStatistics(ctx, leadView(q, 1, 0));
    return [
      q.groupBy,
      'leads',
      ...STATUS_COLUMNS,
      'approved',
      ...meta.grades.map((g) => `grade:${g}`),
      'sent_rate',
      'approval_rate',
      'duplicate_rate',
    ];
  },
  async page(ctx, q, cursor, size) {
    const offset = cursor ?? 0;
    const answer = await leadStatistics(ctx, leadView(q, Math.min(size, MAX_PAGE_SIZE), offset));
    // the grades of the header: those of the whole period (meta.grades), in the same order
    const rows = answer.items.map((item) => [
      valueOf((item as Record<string, unknown>)[q.groupBy]),
      item.leads,
      ...STATUS_COLUMNS.map((c) => (item as unknown as Record<string, number>)[c] ?? 0),
      item.approved,
      ...answer.meta.grades.map((g) => item.grades[g] ?? 0),
      item.sent_rate,
      item.approval_rate,
      item.duplicate_rate,
    ]);
    const next = offset + answer.items.length;
    return { rows, cursor: answer.items.length > 0 && next < answer.meta.totalCount ? next : null };
  },
};

// --- postbacks: the postback logs -----------------------------------------------------------------------------------

type FailureQuery = z.infer<typeof postbackFailuresQuery>;

/**
 * Failed postback attempts in the period per affiliate (outbound postbacks) and per advertiser (inbound postbacks):
 * failed and total attempts, the failure rate and the last failure (in the report's zone). Each side is read in the
 * postback logs' own reach (postback-logs.service.ts): an affiliate side the reader may not see is left out.
 */
async function failureRows(ctx: Ctx, q: FailureQuery): Promise<CsvValue[][]> {
  const { from, to, zone } = reportPeriod(ctx, q);
  const out: CsvValue[][] = [];
  for (const side of ['affiliate', 'advertiser'] as const) {
    const column = side === 'affiliate' ? systemLogs.affiliateId : systemLogs.advertiserId;
    const ids = side === 'affiliate' ? q.affiliateId : q.advertiserId;
    const rows = await ctx.db
      .select({
        id: column,
        failed: sql<number>`(count(*) filter (where not ${systemLogs.success}))::int`,
        total: sql<number>`count(*)::int`,
        last: sql<Date | string>`max(${systemLogs.createdAt}) filter (where not ${systemLogs.success})`,
      })
      .from(systemLogs)
      .where(
        and(
          eq(systemLogs.entity, side),
          postbackLogReach(ctx, side),
          gte(systemLogs.createdAt, from),
          lt(systemLogs.createdAt, to),
          ids?.length ? inArray(column, ids) : undefined,
        ),
      )
      .groupBy(column)
      .having(sql`count(*) filter (where not ${systemLogs.success}) > 0`)
      .orderBy(column);
    const keys = rows.map((r) => r.id).filter((v): v is number => v !== null);
    const names = new Map<number, string>();
    if (keys.length && side === 'affiliate')
      for (const u of await ctx.db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, keys)))
        names.set(u.id, u.email);
    if (keys.length && side === 'advertiser')
      for (const a of await ctx.db
        .select({ id: advertisers.id, title: advertisers.title })
        .from(advertisers)
        .where(inArray(advertisers.id, keys)))
        names.set(a.id, a.title);
    for (const r of rows) {
      const last = r.last ? DateTime.fromJSDate(new Date(r.last), { zone }).toFormat('yyyy-MM-dd HH:mm:ss') : null;
      const rate = toDecimal(r.failed).times(100).div(r.total).toFixed(2);
      out.push([side, r.id, r.id === null ? null : (names.get(r.id) ?? null), r.failed, r.total, rate, last]);
    }
  }
  return out;
}

export const postbackFailuresExporter: Exporter<FailureQuery, number> = {
  type: 'postback_failures',
  permission: ['front.menu.reports.read'],
  schema: postbackFailuresQuery as never,
  fileName: 'postback-failures',
  count: async (ctx, q) => nonEmpty((await failureRows(ctx, q)).length),
  header: () => ['side', 'id', 'name', 'failed', 'attempts', 'failureRate', 'lastFailureAt'],
  async page(ctx, q) {
    // one row per affiliate or advertiser: the whole report fits one page
    return { rows: await failureRows(ctx, q), cursor: null };
  },
};
