/** First-start data: one system role per role type, the admin user and the default settings. */
import { defaultPermissions, ROLE_TYPES, SYSTEM_ROLE_TITLES, type RoleType } from '@leadgrid/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { Config } from '../../config';
import { hashPassword, randomToken, secureId } from '../../lib/crypto';
import { ensureCurrencies } from '../../modules/money/currencies/currencies.service';
import { ensurePaymentModels } from '../../modules/inventory/payment-models/payment-models.seed';
import { ensureSettings } from '../../modules/settings/general/settings.store';
import type { Db } from '../client';
import { roles, users } from '../schema';

export async function seedSystemRoles(db: Db): Promise<Record<RoleType, number>> {
  // one read of every system role (a restart finds them all), an insert for each type still missing (the first start)
  const found = await db
    .select({ id: roles.id, type: roles.type })
    .from(roles)
    .where(and(inArray(roles.type, [...ROLE_TYPES]), eq(roles.system, true)))
    .orderBy(roles.id);
  const ids = {} as Record<RoleType, number>;
  for (const type of ROLE_TYPES) {
    const existing = found.find((r) => r.type === type);
    if (existing) {
      ids[type] = existing.id;
      continue;
    }
    const [row] = await db
      .insert(roles)
      .values({ title: SYSTEM_ROLE_TITLES[type], type, permissions: defaultPermissions(type), system: true })
      .returning({ id: roles.id });
    ids[type] = row.id;
  }
  return ids;
}

export interface SeedResult {
  /** set when the admin was created now; the password is printed once */
  createdAdmin?: { email: string; password: string };
  jwtSecret: string;
}

export async function seed(db: Db, config: Config): Promise<SeedResult> {
  const roleIds = await seedSystemRoles(db);
  // the default settings in two statements, not two per key (a restart reads them all: docs/decisions/platform.md, "Lean start")
  const stored = await ensureSettings(db, {
    name: config.SYSTEM_NAME,
    registrationEnabled: true,
    trialExpireAt: null,
    logoImageId: null,
    faviconImageId: null,
    frontendVersionTs: Math.floor(Date.now() / 1000),
    baseCurrency: config.BASE_CURRENCY,
    customerId: secureId(),
    ...(config.JWT_SECRET ? {} : { jwtSecret: randomToken(48) }),
  });
  await ensureCurrencies(db, stored.baseCurrency);
  await ensurePaymentModels(db);
  const jwtSecret = config.JWT_SECRET ?? stored.jwtSecret!;

  const result: SeedResult = { jwtSecret };
  const [anyAdmin] = await db.select({ id: users.id }).from(users).where(eq(users.roleId, roleIds.admin)).limit(1);
  if (!anyAdmin) {
    const email = (config.ADMIN_EMAIL ?? 'admin@leadgrid.local').toLowerCase();
    const password = config.ADMIN_PASSWORD ?? randomToken(12);
    await db.insert(users).values({
      secureId: secureId(),
      email,
      passwordHash: await hashPassword(password),
      firstName: 'Admin',
      lastName: '',
      roleId: roleIds.admin,
    });
    result.createdAdmin = { email, password };
  }
  return result;
}
