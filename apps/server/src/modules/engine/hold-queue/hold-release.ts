/**
 * The hold queue in the traffic engine (architecture §5 Lead step 3; readings in docs/decisions/engine.md, 2026-11-22).
 * At intake, a lead whose country is in the geo of an active hold rule and that arrives inside the rule's daily window
 * is stored as `hold` with `holdUntil` = the rule's next release. Leads a cap with action `hold` stops are stored the
 * same way (until the cap's next period). The release job is in hold-queue.jobs.ts.
 */
import { isInHoldWindow, nextRelease, type HoldWindow } from '@leadgrid/shared';
import { sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { rowsOf, type DbOrTx } from '../../../db/client';

export interface HoldRule extends HoldWindow {
  id: number;
  fresh: number;
  old: number;
}

export const RULE_COLUMNS = sql`h.id, h.period_start as "periodStart", h.period_end as "periodEnd", h.timezone, h.interval_minutes as "interval", h.fresh, h.old`;

/** the active hold rules whose geo has the country (the lead engine caches them per country) */
export async function rulesFor(db: DbOrTx, country: string): Promise<HoldRule[]> {
  return rowsOf<HoldRule>(
    await db.execute(sql`
      select ${RULE_COLUMNS} from hold_configs h join geos g on g.id = h.geo_id
      where h.status = 'active' and g.status = 'active' and g.countries ? ${country.toUpperCase()}
      order by h.id`),
  );
}

/** the first of a country's hold rules whose window is open at `at`, with the lead's release time */
export function holdByRules(rules: readonly HoldRule[], at: Date): { configId: number; until: Date } | null {
  const rule = rules.find((r) => isInHoldWindow(r, at));
  return rule ? { configId: rule.id, until: nextRelease(rule, at) } : null;
}

/** the next release of any active hold rule of the country (a cap hold without a next period waits for it) */
export async function heldUntilByConfig(db: DbOrTx, country: string | null, at: Date): Promise<{ configId: number; until: Date } | null> {
  if (!country) return null;
  const [rule] = await rulesFor(db, country);
  return rule ? { configId: rule.id, until: nextRelease(rule, at) } : null;
}

const minutesOf = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return h * 60 + m;
};

/** the start of the window that contains `at` (or of the last one before it) */
export function windowStartOf(rule: HoldWindow, at: Date): Date {
  const zone = DateTime.fromJSDate(at, { zone: rule.timezone }).isValid ? rule.timezone : 'UTC';
  const day = DateTime.fromJSDate(at, { zone }).startOf('day');
  const s = minutesOf(rule.periodStart);
  let best = 0;
  for (let d = -1; d <= 0; d++) {
    const start = day
      .plus({ days: d })
      .set({ hour: Math.floor(s / 60), minute: s % 60 })
      .toMillis();
    if (start <= at.getTime()) best = Math.max(best, start);
  }
  return new Date(best);
}
