/**
 * The leads export: the rows of `GET /leads` with the same filters and scope, newest first, one CSV line per lead.
 * Affiliates get the affiliate columns only (no advertiser side); times are written in the query's time zone (default
 * the owner's).
 */
import { leadListQuery, zoneName, type LeadListFilters } from '@leadgrid/shared';
import { and, count, desc, lt } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { leads } from '../../../db/schema';
import { requireActor } from '../../../http/context';
import type { Exporter } from '../../insights/exporters';
import { isStaff, leadWhere } from './leads-query';
import { selectLeads, toListItem } from './leads.service';

const SUBS = ['sub1', 'sub2', 'sub3', 'sub4', 'sub5', 'sub6', 'sub7', 'sub8', 'sub9'] as const;
const BASE = [
  'id',
  'createdAt',
  'status',
  'statusReason',
  'firstName',
  'lastName',
  'phone',
  'email',
  'country',
  'language',
  'ip',
  'offer',
  'vertical',
  'campaign',
  'affiliateId',
  'affiliate',
  'leadGrade',
  'clickId',
  'sentAt',
  ...SUBS,
];
const STAFF = ['advertiser', 'advertiserLeadId', 'deliveryAttempts'];

export const leadsExporter: Exporter<LeadListFilters> = {
  type: 'leads',
  permission: ['lead.read', 'lead.assigned.read', 'lead.own.read'],
  schema: leadListQuery,
  fileName: 'leads',
  header: (ctx) => (isStaff(requireActor(ctx)) ? [...BASE, ...STAFF] : BASE),
  async count(ctx, q) {
    const [{ n }] = await ctx.db
      .select({ n: count() })
      .from(leads)
      .where(leadWhere(ctx, requireActor(ctx), q));
    return n;
  },
  async page(ctx, q, cursor, size) {
    const actor = requireActor(ctx);
    const staff = isStaff(actor);
    const zone = zoneName(q.timezone || actor.timezone);
    const time = (s: number | null) => (s === null ? null : DateTime.fromSeconds(s, { zone }).toFormat('yyyy-MM-dd HH:mm:ss'));
    const rows = await selectLeads(ctx)
      .where(and(leadWhere(ctx, actor, q), cursor === null ? undefined : lt(leads.id, cursor)))
      .orderBy(desc(leads.id))
      .limit(size);
    return {
      rows: rows.map((r) => {
        const l = toListItem(r, staff);
        const base = [
          l.id,
          time(l.createdAt),
          l.status,
          l.statusReason,
          l.firstName,
          l.lastName,
          l.phone,
          l.email,
          l.country,
          l.language,
          l.ip,
          l.offer.title,
          l.vertical.title,
          l.campaign?.title ?? null,
          l.affiliate.id,
          l.affiliate.email,
          l.leadGradeTitle,
          l.clickId,
          time(l.sentAt),
          ...SUBS.map((s) => l[s]),
        ];
        return staff ? [...base, l.advertiser?.title ?? null, l.advertiserLeadId ?? null, l.deliveryAttempts ?? 0] : base;
      }),
      cursor: rows.length === size ? rows[rows.length - 1].lead.id : null,
    };
  },
};
