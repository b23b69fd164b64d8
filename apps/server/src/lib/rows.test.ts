import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useApp } from '../../test/helper';
import { auditLog, geos } from '../db/schema';
import type { Ctx } from '../http/context';
import { cloneRows, copyTitle, reloadByIds } from './rows';

describe('reloadByIds (lib/rows.ts)', () => {
  const table = [
    { id: 1, t: 'a' },
    { id: 2, t: 'b' },
    { id: 3, t: 'c' },
  ];
  const read = async (ids: number[]) => table.filter((r) => ids.includes(r.id)).reverse();

  it('reads each id once and answers in request order, a repeated id once', async () => {
    const asked: number[][] = [];
    const rows = await reloadByIds<number, (typeof table)[number]>([3, 1, 3, 2], async (ids) => (asked.push(ids), read(ids)));
    expect(asked).toEqual([[3, 1, 2]]);
    expect(rows.map((r) => r.t)).toEqual(['c', 'a', 'b']);
  });

  it('answers a repeated id each time it is asked with `repeated`', async () => {
    expect((await reloadByIds<number, (typeof table)[number]>([2, 2, 1], read, { repeated: true })).map((r) => r.t)).toEqual([
      'b',
      'b',
      'a',
    ]);
  });
});

describe('copyTitle (lib/rows.ts)', () => {
  it('adds " (copy)" within 200 characters and leaves an empty title empty', () => {
    expect(copyTitle('Europe')).toBe('Europe (copy)');
    expect(copyTitle('x'.repeat(200))).toBe(`${'x'.repeat(193)} (copy)`);
    expect(copyTitle('')).toBe('');
  });
});

describe('cloneRows (lib/rows.ts)', async () => {
  const t = await useApp();
  const db = t.database.db;
  const ctx: Ctx = {
    actor: {
      id: t.admin.id,
      roleId: t.admin.roleId,
      roleType: 'admin',
      roleTitle: 'Admin',
      permissions: [],
      status: 'active',
      timezone: 'UTC',
    },
    db,
    database: t.database,
    config: t.config,
    now: () => new Date('2026-01-02T03:04:05Z'),
  };
  const spec = { table: geos, idColumn: geos.id, entity: 'geo', what: 'Geo' };

  it('copies every column but id and author, titled "(copy)", inactive, by the actor now, with a clone audit entry', async () => {
    const [src] = await db
      .insert(geos)
      .values({ title: 'Kit Europe', countries: ['DE', 'FR'], status: 'active' })
      .returning();
    const [copyId] = await cloneRows(ctx, spec, [{ id: src.id }]);
    const [copy] = await db.select().from(geos).where(eq(geos.id, copyId));
    expect(copy).toMatchObject({
      title: 'Kit Europe (copy)',
      countries: ['DE', 'FR'],
      status: 'inactive',
      createdBy: t.admin.id,
      createdAt: new Date('2026-01-02T03:04:05Z'),
    });
    const audits = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'geo'), eq(auditLog.entityId, copyId)));
    expect(audits.map((a) => [a.action, a.changes])).toEqual([['clone', { sourceId: src.id }]]);
  });

  it('answers 404 for a missing id and writes nothing', async () => {
    const [src] = await db.insert(geos).values({ title: 'Kit Asia', status: 'active' }).returning();
    const before = (await db.select({ id: geos.id }).from(geos)).length;
    await expect(cloneRows(ctx, spec, [{ id: src.id }, { id: 999999 }])).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'Geo not found',
    });
    expect((await db.select({ id: geos.id }).from(geos)).length).toBe(before);
  });
});
