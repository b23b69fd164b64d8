/**
 * Time for statistics: the period of a query in its zone, the output groups of the time dimensions, and the pieces of
 * the stored grains (GRAIN_MS: 15 minutes, hour, UTC day) that tile a period so that each piece lies inside one
 * output group. Every IANA offset in use is a multiple of 15 minutes, so every local hour, day, week and month edge is
 * a 15-minute edge and the tiling is exact in every zone (Asia/Kathmandu +05:45, America/St_Johns -03:30 included).
 */
import type { StatisticsTimeDimension } from '@leadgrid/shared';
import { DateTime } from 'luxon';
import { GRAIN_MS } from './statistics.tables';

export interface Piece {
  grain: 0 | 1 | 2;
  from: number;
  to: number;
}

const UNIT: Record<StatisticsTimeDimension, 'day' | 'hour' | 'week' | 'month'> = { day: 'day', hour: 'hour', week: 'week', month: 'month' };

/** [from, to) in the coarsest aligned pieces: 15-minute pieces to the first hour edge, hours to the first UTC day edge, days, then back down */
export function decompose(from: number, to: number, grain: 0 | 1 | 2 = 2): Piece[] {
  if (from >= to) return [];
  if (grain === 0) return [{ grain: 0, from, to }];
  const stride = GRAIN_MS[grain];
  const a = Math.ceil(from / stride) * stride;
  const b = Math.floor(to / stride) * stride;
  const finer = (grain - 1) as 0 | 1;
  if (a >= b) return decompose(from, to, finer);
  return [...decompose(from, a, finer), { grain, from: a, to: b }, ...decompose(b, to, finer)];
}

/** the start of each output group of a time dimension within [from, to), in the zone (ISO weeks start on Monday) */
export function groupEdges(dimension: StatisticsTimeDimension, zone: string, from: number, to: number): number[] {
  const unit = UNIT[dimension];
  const edges = [from];
  let at = DateTime.fromMillis(from, { zone }).startOf(unit);
  for (;;) {
    at = at.plus({ [unit]: 1 });
    const ms = at.toMillis();
    if (ms >= to) break;
    if (ms > from) edges.push(ms);
  }
  return edges;
}

/**
 * The pieces tiling [from, to) such that none straddles a group edge of `dimension` (none: the whole period is one
 * group), adjacent pieces of one grain merged.
 */
export function tile(from: number, to: number, zone: string, dimension?: StatisticsTimeDimension): Piece[] {
  const edges = dimension ? groupEdges(dimension, zone, from, to) : [from];
  const pieces: Piece[] = [];
  edges.forEach((start, i) => {
    for (const p of decompose(start, edges[i + 1] ?? to)) {
      const last = pieces[pieces.length - 1];
      if (last && last.grain === p.grain && last.to === p.from) last.to = p.to;
      else pieces.push({ ...p });
    }
  });
  return pieces;
}

/** the period [from, to) of one time value (`2026-11-26`, `2026-11-26T14`, `2026-W48`, `2026-11`) in the zone, or null when malformed */
export function timeValuePeriod(dimension: StatisticsTimeDimension, value: string, zone: string): { from: number; to: number } | null {
  let start: DateTime;
  if (dimension === 'day' && /^\d{4}-\d{2}-\d{2}$/.test(value)) start = DateTime.fromISO(value, { zone });
  else if (dimension === 'hour' && /^\d{4}-\d{2}-\d{2}T\d{2}$/.test(value)) start = DateTime.fromFormat(value, "yyyy-MM-dd'T'HH", { zone });
  else if (dimension === 'week' && /^\d{4}-W\d{2}$/.test(value)) start = DateTime.fromISO(value, { zone });
  else if (dimension === 'month' && /^\d{4}-\d{2}$/.test(value)) start = DateTime.fromISO(value, { zone });
  else return null;
  if (!start.isValid) return null;
  start = start.startOf(UNIT[dimension]);
  return { from: start.toMillis(), to: start.plus({ [UNIT[dimension]]: 1 }).toMillis() };
}

/** `YYYY-MM-DD` (inclusive) in the zone: its first instant, or null when not a date */
export function dayStart(day: string, zone: string, plusDays = 0): number | null {
  const d = DateTime.fromISO(day, { zone });
  return d.isValid ? d.startOf('day').plus({ days: plusDays }).toMillis() : null;
}

/** the PostgreSQL to_char format of each time dimension's value (in the zone: `bucket AT TIME ZONE zone`) */
export const TIME_FORMAT: Record<StatisticsTimeDimension, string> = {
  day: 'YYYY-MM-DD',
  hour: 'YYYY-MM-DD"T"HH24',
  week: 'IYYY-"W"IW',
  month: 'YYYY-MM',
};
