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

/** the default settings, with the signing secret and the base currency the rest of the seed and the app need */
export interface SeededSettings {
  jwtSecret: string;
  baseCurrency: string;
}

/**
 * The settings half of the first-start data, answered first: the server builds its app with the secret while the rest
 * (`seedData`) is written (docs/decisions/platform.md, "A restart under 3 s on the embedded database").
 */
export async function seedSettings(db: Db, config: Config): Promise<SeededSettings> {
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
  return { jwtSecret: config.JWT_SECRET ?? stored.jwtSecret!, baseCurrency: stored.baseCurrency };
}

/** The rest of the first-start data: the system roles, the base currency, the payment models and the admin. */
export async function seedData(db: Db, config: Config, settings: SeededSettings): Promise<Pick<SeedResult, 'createdAdmin'>> {
  const roleIds = await seedSystemRoles(db);
  await ensureCurrencies(db, settings.baseCurrency);
  await ensurePaymentModels(db);
  const [anyAdmin] = await db.select({ id: users.id }).from(users).where(eq(users.roleId, roleIds.admin)).limit(1);
  if (anyAdmin) return {};
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
  return { createdAdmin: { email, password } };
}

export async function seed(db: Db, config: Config): Promise<SeedResult> {
  const settings = await seedSettings(db, config);
  return { jwtSecret: settings.jwtSecret, ...(await seedData(db, config, settings)) };
}
