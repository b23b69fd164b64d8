/**
 * User preferences (product §7): small named UI values grouped by type, fetched by user id after sign-in.
 * Writes touch only the caller's own rows; another user's row id answers 404 like a missing one.
 * They are UI state, not business data, so they are not written to the audit trail.
 */
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { userPreferences, users } from '../../../db/schema';
import { requireActor, type Ctx } from '../../../http/context';
import { AppError } from '../../../http/errors';
import { findVisibleUser } from './users.service';

/** rows one user may keep: enough for every table and filter of the product, small enough to bound storage */
export const PREFERENCES_MAX = 500;

const columns = { id: userPreferences.id, type: userPreferences.type, name: userPreferences.name, value: userPreferences.value };

export async function listPreferences(ctx: Ctx, userId: number, type?: string) {
  await findVisibleUser(ctx, userId);
  return ctx.db
    .select(columns)
    .from(userPreferences)
    .where(and(eq(userPreferences.userId, userId), type ? eq(userPreferences.type, type) : undefined))
    .orderBy(asc(userPreferences.type), asc(userPreferences.name), asc(userPreferences.id));
}

/** PUT: creates or replaces the value of each (type, name) of the caller. */
export async function savePreferences(ctx: Ctx, items: { type: string; name: string; value?: unknown }[]) {
  const actor = requireActor(ctx);
  const keys = items.map((i) => `${i.type}\u0000${i.name}`);
  keys.forEach((key, i) => {
    if (keys.indexOf(key) !== i) throw AppError.field(['body', 'items', i, 'name'], 'unique', 'Each type and name may appear only once');
  });

  return ctx.db.transaction(async (tx) => {
    // one writer per user at a time, so the row limit below holds under concurrent requests
    await tx.select({ id: users.id }).from(users).where(eq(users.id, actor.id)).for('update');
    const existing = await tx
      .select({ type: userPreferences.type, name: userPreferences.name })
      .from(userPreferences)
      .where(eq(userPreferences.userId, actor.id));
    const have = new Set(existing.map((r) => `${r.type}\u0000${r.name}`));
    const added = keys.filter((k) => !have.has(k)).length;
    if (existing.length + added > PREFERENCES_MAX)
      throw AppError.business(`You can keep at most ${PREFERENCES_MAX} preferences; delete some first`);

    return tx
      .insert(userPreferences)
      .values(items.map((i) => ({ userId: actor.id, type: i.type, name: i.name, value: i.value ?? null, createdAt: ctx.now() })))
      .onConflictDoUpdate({
        target: [userPreferences.userId, userPreferences.type, userPreferences.name],
        set: { value: sql`excluded.value` },
      })
      .returning(columns);
  });
}

/** PATCH: new values for rows of the caller, by id. */
export async function updatePreferences(ctx: Ctx, items: { id: number; value?: unknown }[]) {
  const actor = requireActor(ctx);
  const ids = items.map((i) => i.id);
  ids.forEach((id, i) => {
    if (ids.indexOf(id) !== i) throw AppError.field(['body', 'items', i, 'id'], 'unique', 'Each preference may appear only once');
  });

  return ctx.db.transaction(async (tx) => {
    const own = and(eq(userPreferences.userId, actor.id), inArray(userPreferences.id, ids));
    const [{ n }] = await tx.select({ n: count() }).from(userPreferences).where(own);
    if (n !== ids.length) throw AppError.notFound('Preference');
    const out = [];
    for (const item of items) {
      const [row] = await tx
        .update(userPreferences)
        .set({ value: item.value ?? null })
        .where(and(eq(userPreferences.id, item.id), eq(userPreferences.userId, actor.id)))
        .returning(columns);
      out.push(row);
    }
    return out;
  });
}

/** DELETE: removes rows of the caller; if any id is not theirs, nothing is removed. */
export async function deletePreferences(ctx: Ctx, ids: number[]): Promise<number[]> {
  const actor = requireActor(ctx);
  const unique = [...new Set(ids)];
  return ctx.db.transaction(async (tx) => {
    const removed = await tx
      .delete(userPreferences)
      .where(and(eq(userPreferences.userId, actor.id), inArray(userPreferences.id, unique)))
      .returning({ id: userPreferences.id });
    if (removed.length !== unique.length) throw AppError.notFound('Preference');
    return removed.map((r) => r.id);
  });
}
