/**
 * Sieve display settings (product §9): which sieve columns the current user shows in the tables of landings,
 * creatives, caps, payment rules, advertisers, affiliates and teams. Kept as user preferences of type
 * SIEVE_DISPLAY_PREFERENCE, one row per table (`name` = the owner, `value` = the visible keys). A table without a row
 * shows every key of SIEVE_KEYS_BY_OWNER. UI state: not audited.
 */
import { SIEVE_DISPLAY_PREFERENCE, SIEVE_OWNERS, type SieveDisplaySettings, type SieveOwner } from '@leadgrid/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { userPreferences } from '../../../db/schema';
import { requireActor, type Ctx } from '../../../http/context';

export async function get(ctx: Ctx): Promise<SieveDisplaySettings> {
  const actor = requireActor(ctx);
  const rows = await ctx.db
    .select({ name: userPreferences.name, value: userPreferences.value })
    .from(userPreferences)
    .where(
      and(
        eq(userPreferences.userId, actor.id),
        eq(userPreferences.type, SIEVE_DISPLAY_PREFERENCE),
        inArray(userPreferences.name, [...SIEVE_OWNERS]),
      ),
    );
  return Object.fromEntries(rows.filter((r) => Array.isArray(r.value)).map((r) => [r.name, r.value])) as SieveDisplaySettings;
}

/** PUT: the tables sent are replaced, the others kept */
export async function save(ctx: Ctx, data: SieveDisplaySettings): Promise<SieveDisplaySettings> {
  const actor = requireActor(ctx);
  const entries = (Object.entries(data) as [SieveOwner, string[] | undefined][]).filter(([, v]) => v !== undefined);
  if (entries.length)
    await ctx.db
      .insert(userPreferences)
      .values(
        entries.map(([name, value]) => ({
          userId: actor.id,
          type: SIEVE_DISPLAY_PREFERENCE,
          name,
          value: [...new Set(value)],
          createdAt: ctx.now(),
        })),
      )
      .onConflictDoUpdate({
        target: [userPreferences.userId, userPreferences.type, userPreferences.name],
        set: { value: sql`excluded.value` },
      });
  return get(ctx);
}
