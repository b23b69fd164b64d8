/**
 * The conversions export: the rows of `GET /conversions` with the same statuses, search, filters and scope, newest
 * first, serialized as the list serializes them for the owner. Affiliates get their own visible conversions with the
 * payout only: no revenue, profit, advertiser, event id or hidden flag. Times in the query's zone (default the owner's).
 */
import {
  CONVERSION_STATUS_NAMES,
  STAFF_ROLE_TYPES,
  conversionListQuery,
  zoneName,
  type ConversionListFilters,
  type ConversionView,
} from '@leadgrid/shared';
import { DateTime } from 'luxon';
import { requireActor, type Ctx } from '../../../http/context';
import type { Exporter } from '../../insights/exporters';
import { exportCount, exportPage } from './conversions.service';

const BASE = [
  'id',
  'createdAt',
  'status',
  'statusChangedAt',
  'offer',
  'campaign',
  'goal',
  'affiliateId',
  'affiliate',
  'country',
  'clickId',
  'leadId',
  'payout',
  'payoutCurrency',
  'basePayout',
  'baseCurrency',
  'marks',
  'publicNotes',
];
const STAFF = ['advertiser', 'eventId', 'revenue', 'revenueCurrency', 'baseRevenue', 'profit', 'hidden'];

const staffOf = (ctx: Ctx) => STAFF_ROLE_TYPES.includes(requireActor(ctx).roleType);

export const conversionsExporter: Exporter<ConversionListFilters> = {
  type: 'conversions',
  permission: ['conversion.read', 'conversion.assigned.read', 'conversion.own.read'],
  schema: conversionListQuery,
  fileName: 'conversions',
  header: (ctx) => (staffOf(ctx) ? [...BASE, ...STAFF] : BASE),
  count: exportCount,
  async page(ctx, q, cursor, size) {
    const staff = staffOf(ctx);
    const zone = zoneName(q.timezone || requireActor(ctx).timezone);
    const time = (s: number | null) => (s === null ? null : DateTime.fromSeconds(s, { zone }).toFormat('yyyy-MM-dd HH:mm:ss'));
    const items = await exportPage(ctx, q, cursor, size);
    const row = (c: ConversionView) => {
      const base = [
        c.id,
        time(c.createdAt),
        CONVERSION_STATUS_NAMES[c.status - 1] ?? String(c.status),
        time(c.statusChangedAt),
        c.offer?.title ?? null,
        c.campaign?.title ?? null,
        c.goal?.title ?? null,
        c.affiliateId,
        c.affiliate?.email ?? null,
        c.country,
        c.clickId,
        c.leadId,
        c.payout,
        c.payoutCurrency,
        c.basePayout,
        c.baseCurrency,
        c.marks.join(' '),
        c.publicNotes,
      ];
      if (!staff) return base;
      return [
        ...base,
        c.advertiser?.title ?? null,
        c.eventId ?? null,
        c.revenue ?? null,
        c.revenueCurrency ?? null,
        c.baseRevenue ?? null,
        c.profit ?? null,
        c.isHidden ?? false,
      ];
    };
    return { rows: items.map(row), cursor: items.length === size ? items[items.length - 1].id : null };
  },
};
