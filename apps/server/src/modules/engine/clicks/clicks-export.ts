/**
 * The clicks export: the rows of `GET /clicks/valid` or `/clicks/invalid` (`tab`) with the same period, filters, search
 * and scope, newest first, one CSV line per click. Affiliates get their own clicks without the target URL and the team;
 * times are written in the query's time zone (default the owner's).
 */
import {
  CLICK_SUBS,
  CLICK_TABS,
  STAFF_ROLE_TYPES,
  clickListQuery,
  zoneName,
  type Click,
  type ClickListFilters,
  type ClickTab,
} from '@leadgrid/shared';
import { DateTime } from 'luxon';
import { z } from 'zod';
import { requireActor, type Ctx } from '../../../http/context';
import type { Exporter } from '../../insights/exporters';
import { exportCount, exportPage } from './clicks.service';

export const clickExportQuery = clickListQuery.extend({
  /** the list the rows come from */
  tab: z.enum(Object.keys(CLICK_TABS) as [ClickTab, ...ClickTab[]], { message: 'pattern' }),
});
type ClickExportQuery = ClickListFilters & { tab: ClickTab };

const BASE = [
  'id',
  'createdAt',
  'status',
  'invalidReason',
  'unique',
  'bot',
  'offer',
  'campaign',
  'affiliateId',
  'affiliate',
  'lander',
  'trafficSource',
  'country',
  'language',
  'ip',
  'userAgent',
  'referrer',
  'browser',
  'browserVersion',
  'os',
  'osVersion',
  'deviceType',
  'deviceBrand',
  'deviceModel',
  ...CLICK_SUBS,
  'params',
];
const STAFF = ['targetUrl'];

const staffOf = (ctx: Ctx) => STAFF_ROLE_TYPES.includes(requireActor(ctx).roleType);

export const clicksExporter: Exporter<ClickExportQuery, string> = {
  type: 'clicks',
  permission: ['click.read', 'click.assigned.read', 'click.own.read'],
  schema: clickExportQuery,
  fileName: 'clicks',
  header: (ctx) => (staffOf(ctx) ? [...BASE, ...STAFF] : BASE),
  count: (ctx, q) => exportCount(ctx, q.tab, q),
  async page(ctx, q, cursor, size) {
    const staff = staffOf(ctx);
    const zone = zoneName(q.timezone || requireActor(ctx).timezone);
    const { items, cursor: next } = await exportPage(ctx, q.tab, q, cursor, size);
    const row = (c: Click) => {
      const base = [
        c.id,
        DateTime.fromSeconds(c.createdAt, { zone }).toFormat('yyyy-MM-dd HH:mm:ss'),
        c.status === CLICK_TABS.valid ? 'valid' : 'invalid',
        c.invalidReason,
        c.isUnique,
        c.isBot,
        c.offerTitle,
        c.campaignTitle,
        c.affiliateId,
        c.affiliateName,
        c.landerTitle,
        c.trafficSourceTitle,
        c.country,
        c.language,
        c.ip,
        c.userAgent,
        c.referrer,
        c.browser,
        c.browserVersion,
        c.os,
        c.osVersion,
        c.deviceType,
        c.deviceBrand,
        c.deviceModel,
        ...CLICK_SUBS.map((s) => c[s]),
        c.params && Object.keys(c.params).length ? JSON.stringify(c.params) : null,
      ];
      return staff ? [...base, c.targetUrl ?? null] : base;
    };
    return { rows: items.map(row), cursor: next };
  },
};
