import { ROLE_TYPES } from '@leadgrid/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useApp } from '../../../test/helper';
import { roles, settings } from '../schema';
import { seed } from './index';

const t = await useApp();
const db = t.database.db;

describe('first-start data on a started database', () => {
  it('keeps the stored settings, roles and admin, and stores one JWT secret when none is configured', async () => {
    const before = await db.select().from(settings);
    const systemRoles = await db.select().from(roles).where(eq(roles.system, true));
    expect(systemRoles).toHaveLength(ROLE_TYPES.length);

    // another name and base currency than the stored ones, no JWT_SECRET: a restart of a node configured otherwise
    const config = { ...t.config, SYSTEM_NAME: 'Renamed', BASE_CURRENCY: 'EUR', JWT_SECRET: undefined };
    const first = await seed(db, config);
    const second = await seed(db, config);
    expect(first.createdAdmin).toBeUndefined();
    expect(second).toEqual(first);
    expect(first.jwtSecret).toMatch(/.{40,}/);

    const after = await db.select().from(settings);
    const jwt = after.find((r) => r.key === 'jwtSecret');
    expect(jwt?.value).toBe(first.jwtSecret);
    // every other setting as it was (the name and base currency not overwritten)
    const withoutJwt = (rows: typeof after) => rows.filter((r) => r.key !== 'jwtSecret').sort((a, b) => a.key.localeCompare(b.key));
    expect(withoutJwt(after)).toEqual(withoutJwt(before));
    expect(await db.select().from(roles).where(eq(roles.system, true))).toEqual(systemRoles);
  });
});
