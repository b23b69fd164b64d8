/** First-start data: one system role per role type, the admin user and the default settings. */
import { defaultPermissions, ROLE_TYPES, SYSTEM_ROLE_TITLES, type RoleType } from '@leadgrid/shared';
import { and, eq } from 'drizzle-orm';
import type { Config } from '../../config';
import { hashPassword, randomToken, secureId } from '../../lib/crypto';
import { ensureCurrencies } from '../../modules/money/currencies/currencies.service';
import { ensurePaymentModels } from '../../modules/inventory/payment-models/payment-models.seed';
import { ensureSetting } from '../../modules/settings/general/settings.store';
import type { Db } from '../client';
import { roles, users } from '../schema';

export async function seedSystemRoles(db: Db): Promise<Record<RoleType, number>> {
  const ids = {} as Record<RoleType, number>;
  for (const type of ROLE_TYPES) {
    const [found] = await db
      .select({ id: roles.id })
      .from(roles)
      .where(and(eq(roles.type, type), eq(roles.system, true)))
      .limit(1);
    if (found) {
      ids[type] = found.id;
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
  await ensureSetting(db, 'name', config.SYSTEM_NAME);
  await ensureSetting(db, 'registrationEnabled', true);
  await ensureSetting(db, 'trialExpireAt', null);
  await ensureSetting(db, 'logoImageId', null);
  await ensureSetting(db, 'faviconImageId', null);
  await ensureSetting(db, 'frontendVersionTs', Math.floor(Date.now() / 1000));
  await ensureCurrencies(db, await ensureSetting(db, 'baseCurrency', config.BASE_CURRENCY));
  await ensureSetting(db, 'customerId', secureId());
  await ensurePaymentModels(db);
  const jwtSecret = config.JWT_SECRET ?? (await ensureSetting(db, 'jwtSecret', randomToken(48)));

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
