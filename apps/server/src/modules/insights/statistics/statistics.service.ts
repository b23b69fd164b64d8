/**
 * THE statistics query service (architecture §5 Statistics; docs/decisions/insights.md): statistics, lead statistics,
 * and what the dashboard, reports and exports read (`query(ctx, q)` needs no HTTP). It reads the roll-ups — the
 * smallest cube holding every dimension a query groups, filters, drills or is scoped by, in the coarsest pieces that
 * tile its period (periods.ts), plus the deltas not folded yet — or, for subs and combinations no cube holds, the raw
 * rows through the same fact definition, bounded to STATISTICS_SUB_MAX_RANGE_DAYS. Nothing else reads raw clicks
 * for statistics. Queries go to the read replica (`DATABASE_READ_URL`) when one is configured.
 */
import {
  BUILT_IN_METRICS,
  customMetricKey,
  evaluateFormulaOrNull,
  goalMetric,
  LEAD_STATISTICS_MAX_RANGE_DAYS,
  normalizeDecimal,
  roundMoney,
  STATISTICS_ADVERTISER_FORBIDDEN_DIMENSIONS,
  STATISTICS_AFFILIATE_FORBIDDEN_DIMENSIONS,
  STATISTICS_DIMENSIONS,
  STATISTICS_ENTITY_DIMENSIONS,
  STATISTICS_FILTER_OF,
  STATISTICS_MAX_RANGE_DAYS,
  STATISTICS_NON_CLICK_DIMENSIONS,
  STATISTICS_NONE,
  STATISTICS_SUB_DIMENSIONS,
  STATISTICS_SUB_MAX_RANGE_DAYS,
  STATISTICS_TIME_DIMENSIONS,
  type FormulaElement,
  type LeadStatisticsAnswer,
  type LeadStatisticsCounters,
  type LeadStatisticsDimension,
  type LeadStatisticsQuery,
  type MetricOutputFormat,
  type StatisticsAnswer,
  type StatisticsDimension,
  type StatisticsItem,
  type StatisticsQuery,
  type StatisticsTimeDimension,
  API_LEAD_STATUSES,
} from '@leadgrid/shared';
import Decimal from 'decimal.js';
import { DateTime } from 'luxon';
import { requireActor, type Ctx } from '../../../http/context';
import { AppError } from '../../../http/errors';
import { formulaVisibleTo, active as activeMetrics } from '../metrics';
import { statisticsReach, type StatisticsReach } from '../../people/scope';
import { dayStart, tile, TIME_FORMAT, timeValuePeriod, type Piece } from './periods';
import { statisticsReader, type Reader } from './reader';
import { CLICK_COLUMNS, COUNTER_COLUMNS, CUBES, cubeFor, DIMENSION_COLUMNS, MONEY_COLUMNS, type CounterColumn } from './statistics.tables';

const DAY_MS = 86_400_000;
const QUARTER_S = 900;
type Dim = StatisticsDimension;
const isTime = (d: string): d is StatisticsTimeDimension => (STATISTICS_TIME_DIMENSIONS as readonly string[]).includes(d);
const isEntity = (d: string) => (STATISTICS_ENTITY_DIMENSIONS as readonly string[]).includes(d);
const isSub = (d: string) => (STATISTICS_SUB_DIMENSIONS as readonly string[]).includes(d);

/** the roll-up / fact column of each non-time dimension */
const COLUMN: Record<Exclude<Dim, StatisticsTimeDimension>, string> = {
  offer: 'offer_id',
  affiliate: 'affiliate_id',
  team: 'team_id',
  advertiser: 'advertiser_id',
  integration: 'integration_id',
  campaign: 'campaign_id',
  vertical: 'vertical_id',
  lander: 'lander_id',
  goal: 'goal_id',
  trafficSource: 'traffic_source_id',
  country: 'country',
  language: 'language',
  deviceType: 'device_type',
  os: 'os',
  browser: 'browser',
  ...(Object.fromEntries(STATISTICS_SUB_DIMENSIONS.map((s) => [s, s])) as Record<(typeof STATISTICS_SUB_DIMENSIONS)[number], string>),
};

const bad = (field: string, msg: string, message = 'Validation failed') => AppError.field(['querystring', field], msg, message);

/** A metric column of an answer: a counter, a formula over built-ins, or a per-goal count. */
interface Column {
  key: string;
  outputFormat: MetricOutputFormat;
  counter?: CounterColumn;
  formula?: FormulaElement[];
  goalId?: number;
}

// --- period -------------------------------------------------------------------------------------------------------

interface Period {
  from: number;
  to: number;
  zone: string;
  /** the field a range error names */
  field: 'dateFrom' | 'from';
  /** the length of the requested range, what `compare=previous` shifts back by: whole days in the zone, or milliseconds */
  length: { days: number } | { ms: number };
}

function periodOf(
  q: Pick<StatisticsQuery, 'dateFrom' | 'dateTo' | 'from' | 'to' | 'timezone'>,
  fallbackZone: string,
  now: Date,
  maxDays: number,
): Period {
  const zone = q.timezone ?? fallbackZone;
  let from: number;
  let to: number;
  let field: Period['field'] = 'dateFrom';
  let toField = 'dateTo';
  if (q.dateFrom || q.dateTo) {
    from = dayStart(q.dateFrom ?? q.dateTo!, zone)!;
    to = dayStart(q.dateTo ?? q.dateFrom!, zone, 1)!;
  } else if (q.from !== undefined || q.to !== undefined) {
    field = 'from';
    toField = 'to';
    for (const k of ['from', 'to'] as const) {
      // the roll-ups count in 15-minute buckets: a bound between two is not answerable exactly
      if (q[k] !== undefined && q[k]! % QUARTER_S !== 0) throw bad(k, 'pattern', `${k} must be a multiple of 900 seconds (15 minutes)`);
    }
    const today = DateTime.fromJSDate(now, { zone }).startOf('day');
    from = q.from !== undefined ? q.from * 1000 : today.toMillis();
    to = q.to !== undefined ? q.to * 1000 : Math.max(from, today.toMillis()) + DAY_MS;
  } else {
    const today = DateTime.fromJSDate(now, { zone }).startOf('day');
    from = today.toMillis();
    to = today.plus({ days: 1 }).toMillis();
  }
  if (to <= from) throw bad(toField, 'min', `${toField} must not be before ${field}`);
  if (to - from > maxDays * DAY_MS + 2 * 3_600_000) throw bad(field, 'noMore', `The period is longer than ${maxDays} days`);
  const length =
    field === 'from'
      ? { ms: to - from }
      : { days: Math.round(DateTime.fromMillis(to, { zone }).diff(DateTime.fromMillis(from, { zone }), 'days').days) };
  return { from, to, zone, field, length };
}

// --- the query's shape --------------------------------------------------------------------------------------------

interface Condition {
  column: string;
  values: (number | string)[];
}

interface Shape {
  reach: StatisticsReach;
  period: Period;
  groupBy: Dim;
  conditions: Condition[];
  /** dimensions used (grouped, filtered, drilled) */
  used: Set<Dim>;
  /** click counters are empty (a dimension clicks do not have is used) */
  noClicks: boolean;
  /** the group edges pieces may not straddle, when not those of a time groupBy ('quarter': 15-minute pieces only) */
  tileBy?: StatisticsTimeDimension | 'quarter';
  verticalIds: number[];
}

function forbiddenFor(reach: StatisticsReach): readonly Dim[] {
  if (reach.audience === 'affiliate') return STATISTICS_AFFILIATE_FORBIDDEN_DIMENSIONS;
  if (reach.audience === 'advertiser_member') return STATISTICS_ADVERTISER_FORBIDDEN_DIMENSIONS;
  return [];
}

const noneValue = (dim: Dim) => (isEntity(dim) ? 0 : '');

function shapeOf(q: StatisticsQuery, reach: StatisticsReach, zone: string, now: Date): Shape {
  const forbidden = forbiddenFor(reach);
  if (forbidden.includes(q.groupBy)) throw bad('groupBy', 'forbidden', `You cannot group by ${q.groupBy}`);
  const used = new Set<Dim>([q.groupBy]);
  const conditions: Condition[] = [];
  let verticalIds: number[] = [];
  // filters
  for (const [dim, field] of Object.entries(STATISTICS_FILTER_OF) as [Dim, keyof StatisticsQuery][]) {
    const values = q[field] as (number | string)[] | undefined;
    if (!values?.length) continue;
    if (forbidden.includes(dim)) throw bad(field, 'forbidden', `You cannot filter by ${dim}`);
    used.add(dim);
    conditions.push({ column: COLUMN[dim as keyof typeof COLUMN], values });
    if (dim === 'vertical') verticalIds = values as number[];
  }
  // drill-down parents
  const parentPeriods: { from: number; to: number }[] = [];
  for (const [i, parent] of (q.parent ?? []).entries()) {
    const at = parent.indexOf(':');
    const dim = parent.slice(0, at) as Dim;
    const value = parent.slice(at + 1);
    if (!(STATISTICS_DIMENSIONS as readonly string[]).includes(dim))
      throw AppError.field(['querystring', 'parent', i], 'pattern', `Unknown dimension ${dim}`);
    if (forbidden.includes(dim)) throw AppError.field(['querystring', 'parent', i], 'forbidden', `You cannot drill by ${dim}`);
    if (isTime(dim)) {
      const p = timeValuePeriod(dim, value, zone);
      if (!p)
        throw AppError.field(
          ['querystring', 'parent', i],
          'pattern',
          `A ${dim} value is written ${dim === 'week' ? 'YYYY-Www' : dim === 'hour' ? 'YYYY-MM-DDTHH' : dim === 'month' ? 'YYYY-MM' : 'YYYY-MM-DD'}`,
        );
      parentPeriods.push(p);
      continue;
    }
    used.add(dim);
    let v: number | string = value;
    if (value === STATISTICS_NONE) v = noneValue(dim);
    else if (isEntity(dim)) {
      v = Number(value);
      if (!Number.isInteger(v) || v <= 0) throw AppError.field(['querystring', 'parent', i], 'pattern', `A ${dim} value is its id`);
    }
    conditions.push({ column: COLUMN[dim as keyof typeof COLUMN], values: [v] });
    if (dim === 'vertical' && typeof v === 'number') verticalIds = [v];
  }
  const subs = [...used].some(isSub);
  const period = periodOf(q, zone, now, subs ? STATISTICS_SUB_MAX_RANGE_DAYS : STATISTICS_MAX_RANGE_DAYS);
  for (const p of parentPeriods) {
    period.from = Math.max(period.from, p.from);
    period.to = Math.min(period.to, p.to);
  }
  if (reach.affiliateIds) conditions.push({ column: 'affiliate_id', values: reach.affiliateIds });
  if (reach.advertiserIds) conditions.push({ column: 'advertiser_id', values: reach.advertiserIds });
  const noClicks = [...used].some((d) => STATISTICS_NON_CLICK_DIMENSIONS.includes(d)) || reach.advertiserIds !== null;
  return { reach, period, groupBy: q.groupBy, conditions, used, noClicks, verticalIds };
}

// --- SQL ----------------------------------------------------------------------------------------------------------

class Params {
  readonly values: unknown[] = [];
  add(v: unknown): string {
    this.values.push(v);
    return `$${this.values.length}`;
  }
}

/** a condition of no values matches nothing (a reader whose scope is empty), whatever the column's type */
const conditionSql = (c: Condition, p: Params) =>
  c.values.length === 0
    ? 'false'
    : typeof c.values[0] === 'number'
      ? `${c.column} = ANY(${p.add(c.values)}::int[])`
      : `${c.column} = ANY(${p.add(c.values)}::text[])`;

let factTexts: Promise<Record<'clicks' | 'leads' | 'conversions', string>> | null = null;
/** the fact SELECTs of the raw tables (migration 0015's stats_facts_sql, one definition) over a period given as $1, $2 */
function rawFacts(reader: Reader): Promise<Record<'clicks' | 'leads' | 'conversions', string>> {
  factTexts ??= reader
    .query<{ c: string; l: string; v: string }>(
      `SELECT stats_facts_sql('clicks', $1) AS c, stats_facts_sql('leads', $2) AS l, stats_facts_sql('conversions', $3) AS v`,
      [
        'SELECT *, 1 AS sign FROM clicks WHERE created_at >= $1::timestamptz AND created_at < $2::timestamptz',
        'SELECT *, 1 AS sign FROM leads WHERE created_at >= $1::timestamptz',
        'SELECT *, 1 AS sign FROM conversions WHERE created_at >= $1::timestamptz',
      ],
    )
    .then(({ rows }) => ({ clicks: rows[0].c, leads: rows[0].l, conversions: rows[0].v }))
    .catch((err: unknown) => {
      factTexts = null;
      throw err;
    });
  return factTexts;
}

const SUB_COLUMNS = STATISTICS_SUB_DIMENSIONS.map((d) => COLUMN[d]);
/** the raw facts with empty subs as '' (as the roll-ups store them), so that a filter on "none" means the same */
const FACT_COLUMNS = [
  'at',
  'kind',
  'hidden',
  ...DIMENSION_COLUMNS,
  ...SUB_COLUMNS.map((c) => `coalesce(${c}, '') AS ${c}`),
  ...COUNTER_COLUMNS,
].join(', ');

/**
 * The rows a query aggregates: `bucket`, `kind`, the needed dimension columns and the counters. Each piece of the
 * period (periods.ts) is read from the first cube holding the needed columns at the piece's grain (CUBES: the narrow
 * cubes first), the deltas not folded yet over those pieces, and the pieces no cube holds (all of them when no cube
 * holds the columns, the edges of a sub1 query) from the raw rows through the triggers' fact definition.
 */
async function sourceSql(
  shape: Shape,
  needed: string[],
  p: Params,
  reader: Reader,
  counters: readonly CounterColumn[] = COUNTER_COLUMNS,
): Promise<string> {
  const { period } = shape;
  const conds = shape.conditions.map((c) => conditionSql(c, p));
  if (shape.reach.withoutHidden) conds.push('hidden = false');
  const where = conds.map((c) => ` AND ${c}`).join('');
  const cols = ['bucket', 'kind', ...needed, ...counters].join(', ');
  const fits = CUBES.some((c) => needed.every((d) => (c.dimensions as readonly string[]).includes(d)));
  const tileBy = shape.tileBy ?? (isTime(shape.groupBy) ? shape.groupBy : undefined);
  const pieces =
    fits && tileBy !== 'quarter'
      ? tile(period.from, period.to, period.zone, tileBy)
      : [{ grain: 0 as const, from: period.from, to: period.to }];
  const byCube = new Map<string, Piece[]>();
  const raw: { from: number; to: number }[] = [];
  const read: { from: number; to: number }[] = [];
  for (const x of pieces) {
    const cube = cubeFor(needed, x.grain);
    const into = cube ? read : raw;
    if (cube) byCube.set(cube.table, [...(byCube.get(cube.table) ?? []), x]);
    const last = into[into.length - 1];
    if (last && last.to === x.from) last.to = x.to;
    else into.push({ from: x.from, to: x.to });
  }
  const range = (col: string, r: { from: number; to: number }) =>
    `(${col} >= ${p.add(new Date(r.from).toISOString())} AND ${col} < ${p.add(new Date(r.to).toISOString())})`;
  const parts: string[] = [];
  for (const [table, xs] of byCube) {
    const pieceSql = xs.map((x) => `(grain = ${x.grain} AND ${range('bucket', x)})`);
    parts.push(`SELECT ${cols} FROM ${table} WHERE (${pieceSql.join(' OR ')})${where}`);
  }
  if (read.length) parts.push(`SELECT ${cols} FROM stats_deltas WHERE (${read.map((r) => range('bucket', r)).join(' OR ')})${where}`);
  if (raw.length) {
    // raw rows: the facts of clicks in a range, of leads and conversions from its start on (their click time is
    // earlier than their own), kept when their time falls in it
    const facts = await rawFacts(reader);
    for (const r of raw) {
      const from = p.add(new Date(r.from).toISOString());
      const to = p.add(new Date(r.to).toISOString());
      const rename = (text: string) => text.replace(/\$([12])(?!\d)/g, (_, n: string) => (n === '1' ? from : to));
      parts.push(`SELECT at AS ${cols} FROM (SELECT ${FACT_COLUMNS} FROM (${rename(facts.clicks)} UNION ALL ${rename(facts.leads)} UNION ALL ${rename(facts.conversions)}) f0) f
    WHERE at >= ${from} AND at < ${to}${where}`);
    }
  }
  return parts.join('\n      UNION ALL ') || `SELECT ${cols} FROM stats_time WHERE false`;
}

// --- the answer ---------------------------------------------------------------------------------------------------

async function columnsOf(ctx: Ctx, shape: Shape, reader: Reader): Promise<Column[]> {
  const audience = shape.reach.audience;
  const cols: Column[] = BUILT_IN_METRICS.filter((m) => m.audience.includes(audience)).map((m) => ({
    key: m.key,
    outputFormat: m.outputFormat,
    ...(m.formula
      ? { formula: m.formula }
      : { counter: (m.key === 'approved_conversions' ? 'conversions_approved' : m.key) as CounterColumn }),
  }));
  // one column per goal of the vertical the query is narrowed to
  if (shape.verticalIds.length) {
    const { rows } = await reader.query<{ id: number; title: string }>(
      'SELECT id, title FROM vertical_goals WHERE vertical_id = ANY($1::int[]) ORDER BY vertical_id, position, id LIMIT 50',
      [shape.verticalIds],
    );
    for (const g of rows) cols.push({ key: goalMetric(g).key, outputFormat: 'amount', goalId: g.id });
  }
  for (const m of await activeMetrics(ctx)) {
    if (m.builtIn || !m.formula || !formulaVisibleTo(m.formula, audience)) continue;
    cols.push({ key: customMetricKey(m.id!), outputFormat: m.outputFormat, formula: m.formula });
  }
  return cols;
}

const clickOnly: ReadonlySet<string> = new Set(CLICK_COLUMNS);
const builtInFormula = new Map(BUILT_IN_METRICS.filter((m) => m.formula).map((m) => [m.key, m.formula!]));
const COUNTER_OF: Record<string, CounterColumn> = Object.fromEntries([
  ...COUNTER_COLUMNS.map((c) => [c, c]),
  ['approved_conversions', 'conversions_approved'],
]) as Record<string, CounterColumn>;
/** whether a formula (through the built-ins it names) rests on a click counter */
function usesClicks(formula: readonly FormulaElement[]): boolean {
  return formula.some(
    (e) =>
      e.type === 'metric' &&
      (clickOnly.has(COUNTER_OF[e.value] ?? '') || (builtInFormula.has(e.value) && usesClicks(builtInFormula.get(e.value)!))),
  );
}

const fmt = (d: Decimal, outputFormat: MetricOutputFormat) => (outputFormat === 'money' ? roundMoney(d) : roundMoney(d.toDecimalPlaces(8)));

/** an item's (or the totals') metric values from its summed counters */
function metricValues(sums: Record<string, string | null>, cols: Column[], noClicks: boolean): Record<string, number | string | null> {
  const values: Record<string, string | null> = {};
  for (const c of COUNTER_COLUMNS) values[c] = sums[c] ?? '0';
  values.approved_conversions = values.conversions_approved;
  const out: Record<string, number | string | null> = {};
  // derived built-ins first: custom formulas may name them. A ratio over zero (ROI without payout, CR without
  // clicks) is null — shown "—" — never 0, and so is every formula naming it
  for (const m of BUILT_IN_METRICS) if (m.formula) values[m.key] = evaluateFormulaOrNull(m.formula, values)?.toString() ?? null;
  for (const col of cols) {
    if (col.counter) {
      if (noClicks && clickOnly.has(col.counter)) out[col.key] = null;
      else
        out[col.key] = (MONEY_COLUMNS as readonly string[]).includes(col.counter)
          ? normalizeDecimal(values[col.counter] ?? '0')
          : Number(values[col.counter]);
    } else if (col.goalId !== undefined) out[col.key] = Number(sums[`g${col.goalId}`] ?? 0);
    else if (col.formula) {
      const v = noClicks && usesClicks(col.formula) ? null : evaluateFormulaOrNull(col.formula, values);
      out[col.key] = v === null ? null : fmt(v, col.outputFormat);
    }
  }
  return out;
}

interface EntityTitle {
  id: number;
  title: string;
}
const TITLE_SQL: Partial<Record<Dim, string>> = {
  offer: 'SELECT id, title FROM offers WHERE id = ANY($1::int[])',
  affiliate: `SELECT id, coalesce(nullif(trim(first_name || ' ' || last_name), ''), email) AS title FROM users WHERE id = ANY($1::int[])`,
  team: 'SELECT id, title FROM teams WHERE id = ANY($1::int[])',
  advertiser: 'SELECT id, title FROM advertisers WHERE id = ANY($1::int[])',
  integration: 'SELECT id, title FROM integrations WHERE id = ANY($1::int[])',
  campaign: 'SELECT id, title FROM campaigns WHERE id = ANY($1::int[])',
  vertical: 'SELECT id, title FROM verticals WHERE id = ANY($1::int[])',
  lander: 'SELECT id, title FROM landers WHERE id = ANY($1::int[])',
  goal: 'SELECT id, title FROM vertical_goals WHERE id = ANY($1::int[])',
  trafficSource: 'SELECT id, title FROM traffic_sources WHERE id = ANY($1::int[])',
};
async function titles(reader: Reader, dim: Dim, ids: number[]): Promise<Map<number, string>> {
  const known = ids.filter((x) => x > 0);
  if (!known.length || !TITLE_SQL[dim]) return new Map();
  const { rows } = await reader.query<EntityTitle>(TITLE_SQL[dim]!, [known]);
  return new Map(rows.map((r) => [Number(r.id), r.title]));
}

/** The statistics of a query in the reader's scope (`GET /statistics`): items of one page and totals of all. */
export async function query(ctx: Ctx, q: StatisticsQuery): Promise<StatisticsAnswer> {
  const actor = requireActor(ctx);
  const reach = await statisticsReach(ctx);
  const zone = q.timezone ?? actor.timezone ?? 'UTC';
  const shape = shapeOf(q, reach, zone, ctx.now());
  const reader = statisticsReader(ctx);
  const cols = await columnsOf(ctx, shape, reader);
  const keys = new Set(cols.map((c) => c.key));

  // order
  const defaultOrder = isTime(q.groupBy) ? `${q.groupBy}:desc` : keys.has('clicks') && !shape.noClicks ? 'clicks:desc' : 'leads:desc';
  const [orderKey, orderDirRaw] = (q.orderBy ?? defaultOrder).split(':');
  const orderDir = orderDirRaw.toLowerCase() === 'asc' ? 'ASC' : 'DESC';
  if (orderKey !== q.groupBy && !keys.has(orderKey)) throw bad('orderBy', 'pattern', `Cannot order by ${orderKey}`);
  const orderCol = cols.find((c) => c.key === orderKey);
  const sqlOrder =
    orderKey === q.groupBy ? !isEntity(q.groupBy) : !!orderCol?.counter && !(shape.noClicks && clickOnly.has(orderCol.counter));

  // SQL
  const needed = new Set<string>();
  if (!isTime(q.groupBy)) needed.add(COLUMN[q.groupBy as keyof typeof COLUMN]);
  for (const c of shape.conditions) needed.add(c.column);
  const goals = cols.filter((c) => c.goalId !== undefined);
  if (goals.length) needed.add('goal_id');
  const click = q.dataType === 'click';
  const agg = (c: CounterColumn) => {
    if (shape.noClicks && clickOnly.has(c)) return `0 AS ${c}`;
    if (!click) return `sum(${c}) AS ${c}`;
    return `sum(${c}) FILTER (WHERE kind = ${clickOnly.has(c) ? 0 : 1}) AS ${c}`;
  };
  const kindWhere = click ? '' : 'WHERE kind = 0';
  const aggs = (p: Params) =>
    COUNTER_COLUMNS.map(agg).join(', ') +
    goals
      .map((g) => `, sum(conversions) FILTER (WHERE goal_id = ${p.add(g.goalId)}::int${click ? ' AND kind = 1' : ''}) AS g${g.goalId}`)
      .join('');
  const sums = [...COUNTER_COLUMNS.map((c) => c), ...goals.map((g) => `g${g.goalId}`)];
  const totSql = `SELECT count(*) AS total_count, ${sums.map((s) => `sum(${s}) AS t_${s}`).join(', ')} FROM grouped`;

  const p = new Params();
  const source = await sourceSql(shape, [...needed], p, reader);
  const keyExpr = isTime(q.groupBy)
    ? `to_char(bucket AT TIME ZONE ${p.add(zone)}, '${TIME_FORMAT[q.groupBy]}')`
    : COLUMN[q.groupBy as keyof typeof COLUMN];
  // a metric's counter column (`approved_conversions` is counted as `conversions_approved`)
  const orderCounter = orderCol?.counter ?? 'clicks';
  const orderSql = () =>
    sqlOrder
      ? `ORDER BY ${orderKey === q.groupBy ? 'k' : `coalesce(${orderCounter}, 0)`} ${orderDir} NULLS LAST, k ${orderDir} LIMIT ${p.add(q.limit)} OFFSET ${p.add(q.offset)}`
      : '';
  // ordered in SQL: rank the groups by the one value they are ordered by, then sum every counter of the page's groups
  // only (a sub1 query has tens of thousands of groups: summing 25 counters for each was most of its time); the
  // totals are the sums over all the rows
  const pageFirst = sqlOrder && orderKey !== q.groupBy && !!orderCol?.counter;
  // the totals do not depend on the grouping: read them from the narrowest source holding only the filters' columns
  // (a sub1 query's totals from the time cube: tens of rows instead of every sub1 row of the period)
  const groupColumn = isTime(q.groupBy) ? null : COLUMN[q.groupBy as keyof typeof COLUMN];
  const totNeeded = [...needed].filter(
    (c) => c !== groupColumn || shape.conditions.some((x) => x.column === c) || (goals.length > 0 && c === 'goal_id'),
  );
  const totSource = pageFirst && totNeeded.length < needed.size ? await sourceSql(shape, totNeeded, p, reader) : null;
  // the ranking reads only its key, the kind and the one counter it ranks by (the cube's covering index answers it
  // without the table: docs/decisions/insights.md "The sub1 ranking"), and `src` is then read once, for the page's
  // groups only, so it is not materialised; `= ANY(ARRAY(...))` (not `IN (SELECT ...)`) lets the planner look the
  // page's keys up by index instead of scanning the period again
  const rankSource = pageFirst ? await sourceSql(shape, [...needed], p, reader, [orderCounter]) : null;
  const text = pageFirst
    ? `WITH src AS (${source}),${
        totSource
          ? `
    tsrc AS (${totSource}),`
          : ''
      }
    ksrc AS (${rankSource}),
    keyed AS (SELECT ${keyExpr} AS k, ${agg(orderCounter).replace(/ AS \w+$/, ' AS o')} FROM ksrc ${kindWhere} GROUP BY 1),
    pagekeys AS (SELECT k FROM keyed ORDER BY coalesce(o, 0) ${orderDir} NULLS LAST, k ${orderDir} LIMIT ${p.add(q.limit)} OFFSET ${p.add(q.offset)}),
    tot AS (SELECT (SELECT count(*) FROM keyed) AS total_count, ${aggs(p).replace(/ AS (\w+)/g, ' AS t_$1')} FROM ${totSource ? 'tsrc' : 'src'} ${kindWhere}),
    page AS (SELECT ${keyExpr} AS k, true AS present, ${aggs(p)} FROM src WHERE ${keyExpr} = ANY(ARRAY(SELECT k FROM pagekeys))${kindWhere ? ' AND kind = 0' : ''} GROUP BY 1)
    SELECT tot.*, page.* FROM tot LEFT JOIN page ON true ORDER BY coalesce(page.${orderCounter}, 0) ${orderDir} NULLS LAST, page.k ${orderDir}`
    : `WITH src AS (${source}),
    grouped AS (SELECT ${keyExpr} AS k, true AS present, ${aggs(p)} FROM src ${kindWhere} GROUP BY 1),
    tot AS (${totSql}),
    page AS (SELECT * FROM grouped ${orderSql()})
    SELECT tot.*, page.* FROM tot LEFT JOIN page ON true`;
  const { rows } = await reader.query<Record<string, string | null> & { present?: boolean }>(text, p.values);

  const first = rows[0] ?? {};
  const totalCount = Number(first.total_count ?? 0);
  const totalsOf = (row: Record<string, string | null>) => Object.fromEntries(sums.map((s) => [s, row[`t_${s}`] ?? '0']));
  // click metrics of a query using a dimension clicks do not have are empty (null), not absent
  const totals = metricValues(totalsOf(first), cols, shape.noClicks);
  const groupRows = rows.filter((r) => r.present);

  let items: StatisticsItem[] = [];
  const rawKey = new Map<StatisticsItem, string>();
  const entityTitles = isEntity(q.groupBy)
    ? await titles(
        reader,
        q.groupBy,
        groupRows.map((r) => Number(r.k)),
      )
    : new Map<number, string>();
  for (const r of groupRows) {
    const item = { [q.groupBy]: dimensionValue(q.groupBy, r.k, entityTitles), ...metricValues(r, cols, shape.noClicks) };
    rawKey.set(item, String(r.k ?? ''));
    items.push(item);
  }
  if (!sqlOrder) {
    items = sortItems(items, orderKey, orderDir);
    items = items.slice(q.offset, q.offset + q.limit);
  }
  const answer: StatisticsAnswer = { items, meta: { totalCount, totals } };
  if (q.compare !== 'previous') return answer;

  // the previous period of the same length: the same query shifted back, its groups keyed by the value they have
  // shifted forward again (a day of the previous period answers for the day `length` later), for this page's items
  const { period } = shape;
  const back = (ms: number) =>
    'days' in period.length ? DateTime.fromMillis(ms, { zone }).minus({ days: period.length.days }).toMillis() : ms - period.length.ms;
  const shiftHours = 'days' in period.length || period.length.ms % 3_600_000 === 0;
  const prevShape: Shape = {
    ...shape,
    period: { ...period, from: back(period.from), to: back(period.to) },
    // the shifted group edges are local day edges (a shift by days) or hour edges, else only quarter edges
    tileBy: !isTime(q.groupBy) ? undefined : !shiftHours ? 'quarter' : q.groupBy === 'hour' || !('days' in period.length) ? 'hour' : 'day',
  };
  const pp = new Params();
  const prevSource = await sourceSql(prevShape, [...needed], pp, reader);
  const prevKey = !isTime(q.groupBy)
    ? keyExpr
    : 'days' in period.length
      ? `to_char((bucket AT TIME ZONE ${pp.add(zone)}) + make_interval(days => ${pp.add(period.length.days)}::int), '${TIME_FORMAT[q.groupBy]}')`
      : `to_char((bucket + make_interval(secs => ${pp.add(period.length.ms / 1000)}::int)) AT TIME ZONE ${pp.add(zone)}, '${TIME_FORMAT[q.groupBy]}')`;
  const wanted = items.map((i) => rawKey.get(i) ?? '');
  const prevText = `WITH src AS (${prevSource}),
    grouped AS (SELECT ${prevKey} AS k, true AS present, ${aggs(pp)} FROM src ${kindWhere} GROUP BY 1),
    tot AS (${totSql})
    SELECT tot.*, g.* FROM tot LEFT JOIN (SELECT * FROM grouped WHERE k::text = ANY(${pp.add(wanted)}::text[])) g ON true`;
  const prev = await reader.query<Record<string, string | null> & { present?: boolean }>(prevText, pp.values);
  const byKey = new Map(prev.rows.filter((r) => r.present).map((r) => [String(r.k ?? ''), r]));
  answer.meta.previous = {
    from: Math.floor(prevShape.period.from / 1000),
    to: Math.floor(prevShape.period.to / 1000),
    items: wanted.map((k) => metricValues(byKey.get(k) ?? {}, cols, shape.noClicks)),
    totals: metricValues(totalsOf(prev.rows[0] ?? {}), cols, shape.noClicks),
  };
  return answer;
}

function dimensionValue(dim: Dim, raw: string | null, entityTitles: Map<number, string>): StatisticsItem[string] {
  if (isTime(dim)) return raw ?? null;
  if (isEntity(dim)) {
    const id = Number(raw);
    return id > 0 ? { id, title: entityTitles.get(id) ?? `#${id}` } : null;
  }
  return raw === null || raw === '' ? null : raw;
}

function sortKey(v: unknown): number | string {
  if (v === null || v === undefined) return Number.NEGATIVE_INFINITY;
  if (typeof v === 'object') return String((v as { title?: string }).title ?? '').toLowerCase();
  if (typeof v === 'number') return v;
  const n = Number(v);
  return Number.isNaN(n) ? String(v) : n;
}

function sortItems<T extends Record<string, unknown>>(items: T[], key: string, dir: 'ASC' | 'DESC'): T[] {
  const sign = dir === 'ASC' ? 1 : -1;
  return [...items].sort((a, b) => {
    const x = sortKey(a[key]);
    const y = sortKey(b[key]);
    if (x === y) return 0;
    return (x < y ? -1 : 1) * sign;
  });
}

// --- lead statistics ----------------------------------------------------------------------------------------------

const LEAD_GROUP: Record<LeadStatisticsDimension, (zoneParam: string) => string> = {
  day: (z) => `to_char(l.created_at AT TIME ZONE ${z}, 'YYYY-MM-DD')`,
  week: (z) => `to_char(l.created_at AT TIME ZONE ${z}, 'IYYY-"W"IW')`,
  month: (z) => `to_char(l.created_at AT TIME ZONE ${z}, 'YYYY-MM')`,
  affiliate: () => 'l.affiliate_id::text',
  offer: () => 'l.offer_id::text',
  advertiser: () => 'l.advertiser_id::text',
  country: () => 'l.country',
};
const LEAD_FILTER: [keyof LeadStatisticsQuery, string, 'int' | 'text'][] = [
  ['offerId', 'offer_id', 'int'],
  ['affiliateId', 'affiliate_id', 'int'],
  ['teamId', 'team_id', 'int'],
  ['advertiserId', 'advertiser_id', 'int'],
  ['verticalId', 'vertical_id', 'int'],
  ['country', 'country', 'text'],
];
/** part per 100 of whole, two decimals; null (shown "—") when whole is 0 */
const rate = (part: number, whole: number) => (whole ? new Decimal(part).times(100).div(whole).toFixed(2) : null);

function emptyCounters(): LeadStatisticsCounters {
  return {
    leads: 0,
    ...(Object.fromEntries(API_LEAD_STATUSES.map((s) => [`leads_${s}`, 0])) as Record<
      `leads_${(typeof API_LEAD_STATUSES)[number]}`,
      number
    >),
    approved: 0,
    grades: {},
    sent_rate: null,
    approval_rate: null,
    duplicate_rate: null,
  };
}
function finish(c: LeadStatisticsCounters): LeadStatisticsCounters {
  c.sent_rate = rate(c.leads_sent, c.leads);
  c.approval_rate = rate(c.approved, c.leads_sent);
  c.duplicate_rate = rate(c.leads_duplicate, c.leads);
  return c;
}

/**
 * Lead outcomes (`GET /statistics/leads`): per day, week, month, affiliate, offer, advertiser or country, every lead
 * status, the grades, and the sent, approval and duplicate rates. Read from the leads' own rows (indexed by time;
 * a lead's grade is no roll-up dimension), bounded to LEAD_STATISTICS_MAX_RANGE_DAYS. Test leads count only in
 * `leads_test`; `approved` counts leads with an approved conversion.
 */
export async function leadStatistics(ctx: Ctx, q: LeadStatisticsQuery): Promise<LeadStatisticsAnswer> {
  const actor = requireActor(ctx);
  const reach = await statisticsReach(ctx);
  const zone = q.timezone ?? actor.timezone ?? 'UTC';
  const forbidden = forbiddenFor(reach);
  if (forbidden.includes(q.groupBy)) throw bad('groupBy', 'forbidden', `You cannot group by ${q.groupBy}`);
  if (reach.audience === 'advertiser_member') {
    for (const field of ['affiliateId', 'teamId'] as const)
      if (q[field]?.length) throw bad(field, 'forbidden', 'You cannot filter by who sent the leads');
  }
  const period = periodOf(q, zone, ctx.now(), LEAD_STATISTICS_MAX_RANGE_DAYS);
  const p = new Params();
  const conds = [
    `l.created_at >= ${p.add(new Date(period.from).toISOString())}`,
    `l.created_at < ${p.add(new Date(period.to).toISOString())}`,
  ];
  for (const [field, column, type] of LEAD_FILTER) {
    const v = q[field] as unknown[] | undefined;
    if (v?.length) conds.push(`l.${column} = ANY(${p.add(v)}::${type}[])`);
  }
  for (const [i, parent] of (q.parent ?? []).entries()) {
    const at = parent.indexOf(':');
    const dim = parent.slice(0, at);
    const value = parent.slice(at + 1);
    if (!(dim in LEAD_GROUP)) throw AppError.field(['querystring', 'parent', i], 'pattern', `Unknown dimension ${dim}`);
    if (forbidden.includes(dim as Dim)) throw AppError.field(['querystring', 'parent', i], 'forbidden', `You cannot drill by ${dim}`);
    if (isTime(dim)) {
      const pp = timeValuePeriod(dim, value, zone);
      if (!pp) throw AppError.field(['querystring', 'parent', i], 'pattern', `Not a ${dim} value`);
      conds.push(`l.created_at >= ${p.add(new Date(pp.from).toISOString())}`, `l.created_at < ${p.add(new Date(pp.to).toISOString())}`);
    } else if (value === STATISTICS_NONE) conds.push(`${LEAD_GROUP[dim as LeadStatisticsDimension]('')} IS NULL`);
    else conds.push(`${LEAD_GROUP[dim as LeadStatisticsDimension]('')} = ${p.add(value)}`);
  }
  if (reach.affiliateIds) conds.push(`l.affiliate_id = ANY(${p.add(reach.affiliateIds)}::int[])`);
  if (reach.advertiserIds) conds.push(`l.advertiser_id = ANY(${p.add(reach.advertiserIds)}::int[])`);
  const key = LEAD_GROUP[q.groupBy](isTime(q.groupBy) ? `${p.add(zone)}::text` : '');
  const reader = statisticsReader(ctx);
  const { rows } = await reader.query<{
    k: string | null;
    status: string;
    test: boolean;
    grade: string | null;
    n: string;
    approved: string;
  }>(
    `SELECT ${key} AS k, l.status, (l.is_test OR l.status = 'test') AS test, l.lead_grade AS grade, count(*) AS n,
        count(*) FILTER (WHERE EXISTS (SELECT 1 FROM conversions c WHERE c.lead_id = l.id AND c.status = 3)) AS approved
      FROM leads l WHERE ${conds.join(' AND ')} GROUP BY 1, 2, 3, 4`,
    p.values,
  );
  const groups = new Map<string, LeadStatisticsCounters>();
  const totals = emptyCounters();
  const grades = new Set<string>();
  for (const r of rows) {
    const k = r.k ?? '';
    const g = groups.get(k) ?? emptyCounters();
    groups.set(k, g);
    const n = Number(r.n);
    for (const c of [g, totals]) {
      const status = `leads_${r.status}` as keyof LeadStatisticsCounters;
      if (status in c) (c[status] as number) += n;
      if (r.test) continue;
      c.leads += n;
      c.approved += Number(r.approved);
      c.grades[r.grade ?? ''] = (c.grades[r.grade ?? ''] ?? 0) + n;
    }
    if (!r.test) grades.add(r.grade ?? '');
  }
  finish(totals);
  const dim = q.groupBy;
  const entityTitles = isEntity(dim) ? await titles(reader, dim as Dim, [...groups.keys()].map(Number)) : new Map<number, string>();
  let items: LeadStatisticsAnswer['items'] = [...groups.entries()].map(([k, c]) => ({
    [dim]: dimensionValue(dim as Dim, k === '' ? null : k, entityTitles),
    ...finish(c),
  }));
  const [orderKey, orderDirRaw] = (q.orderBy ?? (isTime(dim) ? `${dim}:desc` : 'leads:desc')).split(':');
  const allowed = new Set<string>([
    dim,
    'leads',
    'approved',
    'sent_rate',
    'approval_rate',
    'duplicate_rate',
    ...API_LEAD_STATUSES.map((s) => `leads_${s}`),
  ]);
  if (!allowed.has(orderKey)) throw bad('orderBy', 'pattern', `Cannot order by ${orderKey}`);
  items = sortItems(items, orderKey, orderDirRaw.toLowerCase() === 'asc' ? 'ASC' : 'DESC');
  return {
    items: items.slice(q.offset, q.offset + q.limit),
    meta: { totalCount: items.length, totals, grades: [...grades].sort() },
  };
}
