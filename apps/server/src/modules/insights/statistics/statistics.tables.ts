/**
 * The statistics roll-ups (migration 0015; docs/decisions/insights.md "Statistics roll-ups"). Raw writes of clicks,
 * leads and conversions append their counts to `stats_deltas` through statement triggers, in the writer's own
 * transaction; `stats_compact()` folds them into the cubes below at three grains (GRAINS). Queries read cube + deltas.
 * Empty dimensions are stored as 0 / '' so that they can be part of the key.
 */
import { bigint, bigserial, boolean, integer, numeric, pgTable, primaryKey, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';

/** the counters of every roll-up row (SQL names), in the order of the migration */
export const COUNT_COLUMNS = [
  'clicks',
  'unique_clicks',
  'valid_clicks',
  'invalid_clicks',
  'leads',
  'leads_new',
  'leads_trash',
  'leads_hold',
  'leads_invalid',
  'leads_sent',
  'leads_unsent',
  'leads_failed',
  'leads_duplicate',
  'leads_test',
  'conversions',
  'conversions_pending',
  'conversions_hold',
  'conversions_approved',
  'conversions_rejected',
] as const;
export const MONEY_COLUMNS = ['revenue', 'revenue_pending', 'revenue_hold', 'payout', 'payout_pending', 'payout_hold'] as const;
export const COUNTER_COLUMNS = [...COUNT_COLUMNS, ...MONEY_COLUMNS] as const;
export type CounterColumn = (typeof COUNTER_COLUMNS)[number];
/** counters only clicks move: empty in rows of dimensions clicks do not have */
export const CLICK_COLUMNS: readonly CounterColumn[] = ['clicks', 'unique_clicks', 'valid_clicks', 'invalid_clicks'];

/** the stored grains: 0 = 15 minutes (every IANA offset is a multiple of it), 1 = hour, 2 = UTC day */
export const GRAIN_MS = [15 * 60_000, 3_600_000, 86_400_000] as const;

/** dimension columns of the roll-ups (SQL names) */
export const DIMENSION_COLUMNS = [
  'affiliate_id',
  'team_id',
  'offer_id',
  'campaign_id',
  'vertical_id',
  'advertiser_id',
  'integration_id',
  'goal_id',
  'lander_id',
  'traffic_source_id',
  'country',
  'language',
  'device_type',
  'os',
  'browser',
] as const;
export type DimensionColumn = (typeof DIMENSION_COLUMNS)[number];
export const TEXT_DIMENSION_COLUMNS: ReadonlySet<DimensionColumn> = new Set(['country', 'language', 'device_type', 'os', 'browser']);

/** a roll-up key column: the dimensions, and sub1 (only stats_sub1 and the deltas hold it) */
export type CubeColumn = DimensionColumn | 'sub1';
export type Grain = 0 | 1 | 2;

/**
 * The cubes, smallest first: a query reads, for each piece of its period (periods.ts), the first cube holding every
 * column it groups, filters, drills or is scoped by AT that piece's grain; pieces no cube holds are read from the raw
 * rows, bounded in time (docs/decisions/insights.md "Narrow cubes"). The narrow cubes (migration 0019) hold one
 * grouped dimension plus what filters it, at hour and day grains only: a zone's 15-minute edge pieces come from the
 * wide cubes. stats_sub1 holds UTC days only: the edges of a sub1 query come from the raw rows.
 */
export const CUBES: readonly { table: string; dimensions: readonly CubeColumn[]; grains: readonly Grain[] }[] = [
  { table: 'stats_time', dimensions: [], grains: [0, 1, 2] },
  { table: 'stats_country', dimensions: ['country'], grains: [1, 2] },
  { table: 'stats_advertiser', dimensions: ['advertiser_id'], grains: [1, 2] },
  { table: 'stats_offer', dimensions: ['offer_id', 'vertical_id'], grains: [1, 2] },
  { table: 'stats_affiliate', dimensions: ['affiliate_id', 'team_id'], grains: [1, 2] },
  {
    table: 'stats_entity',
    dimensions: [
      'affiliate_id',
      'team_id',
      'offer_id',
      'campaign_id',
      'vertical_id',
      'advertiser_id',
      'integration_id',
      'goal_id',
      'lander_id',
      'traffic_source_id',
    ],
    grains: [0, 1, 2],
  },
  {
    table: 'stats_geo',
    dimensions: ['country', 'language', 'affiliate_id', 'team_id', 'offer_id', 'vertical_id', 'advertiser_id', 'goal_id'],
    grains: [0, 1, 2],
  },
  {
    table: 'stats_device',
    dimensions: ['device_type', 'os', 'browser', 'affiliate_id', 'team_id', 'offer_id', 'vertical_id', 'advertiser_id', 'goal_id'],
    grains: [0, 1, 2],
  },
  { table: 'stats_sub1', dimensions: ['affiliate_id', 'offer_id', 'sub1'], grains: [2] },
];

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const counters = () => ({
  clicks: bigint('clicks', { mode: 'number' }).notNull().default(0),
  uniqueClicks: bigint('unique_clicks', { mode: 'number' }).notNull().default(0),
  validClicks: bigint('valid_clicks', { mode: 'number' }).notNull().default(0),
  invalidClicks: bigint('invalid_clicks', { mode: 'number' }).notNull().default(0),
  leads: bigint('leads', { mode: 'number' }).notNull().default(0),
  leadsNew: bigint('leads_new', { mode: 'number' }).notNull().default(0),
  leadsTrash: bigint('leads_trash', { mode: 'number' }).notNull().default(0),
  leadsHold: bigint('leads_hold', { mode: 'number' }).notNull().default(0),
  leadsInvalid: bigint('leads_invalid', { mode: 'number' }).notNull().default(0),
  leadsSent: bigint('leads_sent', { mode: 'number' }).notNull().default(0),
  leadsUnsent: bigint('leads_unsent', { mode: 'number' }).notNull().default(0),
  leadsFailed: bigint('leads_failed', { mode: 'number' }).notNull().default(0),
  leadsDuplicate: bigint('leads_duplicate', { mode: 'number' }).notNull().default(0),
  leadsTest: bigint('leads_test', { mode: 'number' }).notNull().default(0),
  conversions: bigint('conversions', { mode: 'number' }).notNull().default(0),
  conversionsPending: bigint('conversions_pending', { mode: 'number' }).notNull().default(0),
  conversionsHold: bigint('conversions_hold', { mode: 'number' }).notNull().default(0),
  conversionsApproved: bigint('conversions_approved', { mode: 'number' }).notNull().default(0),
  conversionsRejected: bigint('conversions_rejected', { mode: 'number' }).notNull().default(0),
  revenue: numeric('revenue', { precision: 20, scale: 8 }).notNull().default('0'),
  revenuePending: numeric('revenue_pending', { precision: 20, scale: 8 }).notNull().default('0'),
  revenueHold: numeric('revenue_hold', { precision: 20, scale: 8 }).notNull().default('0'),
  payout: numeric('payout', { precision: 20, scale: 8 }).notNull().default('0'),
  payoutPending: numeric('payout_pending', { precision: 20, scale: 8 }).notNull().default('0'),
  payoutHold: numeric('payout_hold', { precision: 20, scale: 8 }).notNull().default('0'),
});

/** what each raw statement appended (15-minute buckets, every dimension), until the compactor folds it */
export const statsDeltas = pgTable('stats_deltas', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  bucket: ts('bucket').notNull(),
  /** 0: at the event's own time (dataType actual); 1: at its click's time (dataType click) */
  kind: smallint('kind').notNull(),
  /** a conversion the affiliate may not see (isHidden) */
  hidden: boolean('hidden').notNull(),
  affiliateId: integer('affiliate_id').notNull().default(0),
  teamId: integer('team_id').notNull().default(0),
  offerId: integer('offer_id').notNull().default(0),
  campaignId: integer('campaign_id').notNull().default(0),
  verticalId: integer('vertical_id').notNull().default(0),
  advertiserId: integer('advertiser_id').notNull().default(0),
  integrationId: integer('integration_id').notNull().default(0),
  goalId: integer('goal_id').notNull().default(0),
  landerId: integer('lander_id').notNull().default(0),
  trafficSourceId: integer('traffic_source_id').notNull().default(0),
  country: varchar('country', { length: 2 }).notNull().default(''),
  language: varchar('language', { length: 8 }).notNull().default(''),
  deviceType: varchar('device_type', { length: 32 }).notNull().default(''),
  os: varchar('os', { length: 64 }).notNull().default(''),
  browser: varchar('browser', { length: 64 }).notNull().default(''),
  /** for stats_sub1 (migration 0019); '' when empty */
  sub1: varchar('sub1', { length: 255 }).notNull().default(''),
  ...counters(),
});

const cubeKey = () => ({
  grain: smallint('grain').notNull(),
  bucket: ts('bucket').notNull(),
  kind: smallint('kind').notNull(),
  hidden: boolean('hidden').notNull(),
});
/** all traffic over time */
export const statsTime = pgTable('stats_time', { ...cubeKey(), ...counters() }, (t) => [
  primaryKey({ columns: [t.grain, t.bucket, t.kind, t.hidden] }),
]);

/** the cube a piece of a query's period is read from: the first holding every needed column at the grain (none: the raw rows) */
export function cubeFor(columns: readonly string[], grain: Grain): (typeof CUBES)[number] | undefined {
  return CUBES.find((c) => c.grains.includes(grain) && columns.every((d) => (c.dimensions as readonly string[]).includes(d)));
}
