/**
 * Finding a click by its id in the day-partitioned clicks (docs/decisions/engine.md "Clicks partitioned by day"): the
 * id is a UUIDv7 holding the click's millisecond time, which is exactly its created_at, so the look-up adds that bound
 * (SQL functions click_time_from / click_time_to of migration 0026: the id's time give or take a minute for a UUIDv7,
 * for the clicks stored before it; any time for another id) and PostgreSQL reads the partition of that day.
 */
import { RAW_CLICKS_RETENTION } from '@leadgrid/shared';
import { eq, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { getSetting } from '../../settings/general';
import { rawCutoff, uuidTime } from '../tracking';
import { clicks, rawRetention } from './clicks.tables';

/** the id and created_at columns of clicks in a query: the table's own, or an alias's (`aliased('c')`) */
export interface ClickColumns {
  id: SQLWrapper;
  createdAt: SQLWrapper;
}

export const aliased = (alias: string): ClickColumns => ({ id: sql.raw(`${alias}.id`), createdAt: sql.raw(`${alias}.created_at`) });

/** `id = <id>` bounded to the partition of the id's time */
export function clickIdIs(id: string | SQL, columns: ClickColumns = clicks): SQL {
  const v = typeof id === 'string' ? sql`${id}::uuid` : id;
  return sql`(${columns.id} = ${v} and ${columns.createdAt} between click_time_from(${v}) and click_time_to(${v}))`;
}

/** any of the ids, each bounded to its partition (a short list: an edit, a reload) */
export const clickIdsIn = (ids: string[], columns: ClickColumns = clicks): SQL =>
  ids.length ? or(...ids.map((id) => clickIdIs(id, columns)))! : sql`false`;

/**
 * For an id whose click is not found: the days raw clicks are kept (`rawClicksRetentionDays`) when the id's time is
 * before the oldest raw click kept — before raw_retention.kept_from (the retention did drop days there) and before
 * the retention's cutoff at `now` — so its row was dropped, not never made; else null (an id of a day kept, or no
 * UUIDv7: an unknown click). Read only on that refusal.
 */
export async function droppedClickDays(db: DbOrTx, id: string, now: Date): Promise<number | null> {
  const at = uuidTime(id);
  if (!at) return null;
  const [kept] = await db.select({ from: rawRetention.keptFrom }).from(rawRetention).where(eq(rawRetention.tbl, 'clicks'));
  if (!kept || at >= kept.from) return null;
  const days = (await getSetting(db, 'rawClicksRetentionDays')) ?? RAW_CLICKS_RETENTION.default;
  return at < rawCutoff(now, days) ? days : null;
}
