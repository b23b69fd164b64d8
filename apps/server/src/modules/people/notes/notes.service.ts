/**
 * Notes: staff remarks attached to any record by its slug (`affiliate:12`). Only staff read or write them, so a
 * note never reaches an affiliate or an advertiser. Removing is a status change to `deleted` (product §7), allowed
 * to the note's author and to administrators.
 */
import { STAFF_ROLE_TYPES, type noteCreate, type noteListQuery } from '@leadgrid/shared';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { notes, users } from '../../../db/schema';
import { requireActor, type Ctx } from '../../../http/context';
import { AppError } from '../../../http/errors';
import { toSeconds } from '../../../http/list-query';
import { recordAudits } from '../../../lib/audit';
import { loadAffiliateManagers, loadTeamManagers, reaches } from '../scope';

type NoteRow = typeof notes.$inferSelect;

const author = { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email };

function requireStaff(ctx: Ctx) {
  const actor = requireActor(ctx);
  if (!STAFF_ROLE_TYPES.includes(actor.roleType)) throw AppError.forbidden('Notes are for staff only');
  return actor;
}

function toNote(row: { note: NoteRow; author: { id: number; firstName: string; lastName: string; email: string } | null }) {
  const { note: n } = row;
  return {
    id: n.id,
    targetSlug: n.targetSlug,
    title: n.title,
    content: n.content,
    createdAt: toSeconds(n.createdAt)!,
    createdBy: row.author,
  };
}

/**
 * The record a note is attached to must be within the actor's reach: an affiliate manager limited to assigned
 * affiliates neither reads nor writes notes of the others (404, as for the record itself).
 */
async function assertTargetReach(ctx: Ctx, slugs: readonly string[]) {
  const actor = requireActor(ctx);
  for (const slug of new Set(slugs)) {
    const [entity, rawId] = slug.split(':');
    const id = Number(rawId);
    const load = entity === 'affiliate' ? loadAffiliateManagers : entity === 'team' ? loadTeamManagers : null;
    if (!load) continue;
    const managers = (await load(ctx.db, [id])).get(id);
    if (!managers || !reaches(actor, 'read', managers)) throw AppError.notFound(entity === 'affiliate' ? 'Affiliate' : 'Team');
  }
}

const selectNotes = (ctx: Ctx) => ctx.db.select({ note: notes, author }).from(notes).leftJoin(users, eq(users.id, notes.createdBy));

/** The live notes of one record, newest first. */
export async function list(ctx: Ctx, q: z.infer<typeof noteListQuery>) {
  requireStaff(ctx);
  await assertTargetReach(ctx, [q.targetSlug]);
  const where = and(eq(notes.targetSlug, q.targetSlug), eq(notes.status, 'active'));
  const rows = await selectNotes(ctx).where(where).orderBy(desc(notes.createdAt), desc(notes.id)).limit(q.limit).offset(q.offset);
  const items = rows.map(toNote);
  if (!q.withMeta) return { items };
  const [{ n }] = await ctx.db.select({ n: count() }).from(notes).where(where);
  return { items, meta: { totalCount: n } };
}

export async function create(ctx: Ctx, items: z.infer<typeof noteCreate>[]) {
  const actor = requireStaff(ctx);
  await assertTargetReach(
    ctx,
    items.map((x) => x.targetSlug),
  );
  const rows = await ctx.db.transaction(async (tx) => {
    const created = await tx
      .insert(notes)
      .values(
        items.map((x) => ({ targetSlug: x.targetSlug, title: x.title, content: x.content, createdBy: actor.id, createdAt: ctx.now() })),
      )
      .returning();
    await recordAudits(
      { ...ctx, db: tx },
      created.map((n) => ({ entity: 'note', entityId: n.id, action: 'create', changes: { targetSlug: n.targetSlug, title: n.title } })),
    );
    return created;
  });
  const found = await selectNotes(ctx).where(
    inArray(
      notes.id,
      rows.map((r) => r.id),
    ),
  );
  const byId = new Map(found.map((r) => [r.note.id, toNote(r)]));
  return rows.map((r) => byId.get(r.id)!);
}

/** Marks notes deleted; an unknown or already deleted note is a 404, another author's note a 403 (except for admins). */
export async function remove(ctx: Ctx, ids: number[]) {
  const actor = requireStaff(ctx);
  const unique = [...new Set(ids)];
  return ctx.db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(notes)
      .where(and(inArray(notes.id, unique), eq(notes.status, 'active')))
      .for('update');
    if (rows.length !== unique.length) throw AppError.notFound('Note');
    if (actor.roleType !== 'admin' && rows.some((n) => n.createdBy !== actor.id))
      throw AppError.forbidden('Only its author or an administrator can remove a note');
    await tx.update(notes).set({ status: 'deleted' }).where(inArray(notes.id, unique));
    await recordAudits(
      { ...ctx, db: tx },
      rows.map((n) => ({
        entity: 'note',
        entityId: n.id,
        action: 'delete',
        changes: { targetSlug: n.targetSlug, title: n.title, content: n.content },
      })),
    );
    return unique.map((id) => ({ id, status: 'deleted' as const }));
  });
}
