/**
 * Test helper (style §6): builds the app on a clone of the migrated template database (PGlite, or
 * PostgreSQL when DATABASE_URL is set), with factories so each test states only what it is about.
 */
import { readFile } from 'node:fs/promises';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaultPermissions, type RoleType } from '@leadgrid/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { afterAll, inject } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { openDatabase, type Database } from '../src/db/client';
import {
  advertisers,
  integrations,
  integrationTemplates,
  landers,
  offers,
  platforms,
  roles,
  teamMembers,
  teams,
  users,
  verticalGoals,
  verticals,
} from '../src/db/schema';
import { seed } from '../src/db/seed';
import { createJobQueue, type JobQueue } from '../src/jobs/queue';
import { hashPassword, randomToken, secureId } from '../src/lib/crypto';
import { MemoryMailer } from '../src/lib/mailer';
import { DiskStorage } from '../src/lib/storage';
import { withDatabase } from './global-setup';

export interface TestUser {
  id: number;
  email: string;
  password: string;
  roleId: number;
  token: string;
  refreshToken: string;
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  mailer: MemoryMailer;
  /** started without workers: a test runs due jobs with `queue.runDue(name)` */
  queue: JobQueue;
  clock: { now: Date; advance(seconds: number): void };
  admin: TestUser;
  make: ReturnType<typeof factories>;
  /** inject as a user (bearer token) or anonymously */
  request(opts: InjectOptions & { as?: TestUser | string | null }): Promise<import('light-my-request').Response>;
  signIn(email: string, password: string): Promise<{ token: string; refreshToken: string }>;
  close(): Promise<void>;
}

let counter = 0;
const PASSWORD = 'secret-pass-1';

async function cloneDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `leadgrid_t_${process.pid}_${++counter}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('pgTemplate')}`);
    await admin.end();
    const database = await openDatabase({ url: withDatabase(url, name), poolSize: 10 });
    return {
      database,
      drop: async () => {
        const c = new pg.Client({ connectionString: url });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await c.end();
      },
    };
  }
  const buf = await readFile(inject('pgliteTemplate'));
  // the embedded database on its own thread, as the server runs it (EMBEDDED_DB_THREAD); PGLITE_THREAD=0: on the test's
  const database = await openDatabase({ loadDataDir: new Blob([buf]), thread: process.env.PGLITE_THREAD !== '0' });
  return { database, drop: async () => undefined };
}

export async function setupApp(env: Record<string, string> = {}): Promise<TestApp> {
  const { database, drop } = await cloneDatabase();
  const uploadDir = await mkdtemp(join(tmpdir(), 'leadgrid-uploads-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    ADMIN_EMAIL: 'admin@test.local',
    ADMIN_PASSWORD: PASSWORD,
    JWT_SECRET: 'test-secret-test-secret-test-secret-1234',
    AUTH_RATE_LIMIT: '10000',
    UPLOAD_DIR: uploadDir,
    ALLOW_PRIVATE_CALLBACKS: '1',
    LOG_LEVEL: 'silent',
    // the test apps share one DATA_DIR and PORT: the journal is the tests' own (click-journal.test.ts)
    CLICK_JOURNAL: '0',
    ...env,
  });
  const seeded = await seed(database.db, config);
  const clock = {
    now: new Date(),
    advance(seconds: number) {
      this.now = new Date(this.now.getTime() + seconds * 1000);
    },
  };
  const mailer = new MemoryMailer();
  const queue = createJobQueue(database, { info: () => undefined, warn: () => undefined, error: () => undefined });
  const app = await buildApp({
    config,
    database,
    jwtSecret: seeded.jwtSecret,
    mailer,
    storage: new DiskStorage(uploadDir),
    queue,
    now: () => clock.now,
  });
  await app.ready();
  await queue.start({ workers: false });

  const request: TestApp['request'] = (opts) => {
    const { as, ...rest } = opts;
    const token = typeof as === 'string' ? as : as?.token;
    return app.inject({ ...rest, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...rest.headers } });
  };
  const signIn = async (email: string, password: string) => {
    const res = await app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password } });
    if (res.statusCode !== 200) throw new Error(`sign-in of ${email} failed: ${res.body}`);
    return res.json().data as { token: string; refreshToken: string };
  };
  const [adminRow] = await database.db.select().from(users).where(eq(users.email, 'admin@test.local'));
  const admin: TestUser = {
    id: adminRow.id,
    email: adminRow.email,
    password: PASSWORD,
    roleId: adminRow.roleId,
    ...(await signIn(adminRow.email, PASSWORD)),
  };

  const t: TestApp = {
    app,
    database,
    config,
    mailer,
    queue,
    clock,
    admin,
    make: undefined as never,
    request,
    signIn,
    close: async () => {
      await app.close();
      await queue.stop();
      await database.close();
      await drop();
      await rm(uploadDir, { recursive: true, force: true });
    },
  };
  t.make = factories(t);
  return t;
}

/** Builds a test app for the file and closes it after the file's tests. */
export async function useApp(env: Record<string, string> = {}): Promise<TestApp> {
  const t = await setupApp(env);
  afterAll(() => t.close());
  return t;
}

function factories(t: TestApp) {
  const db = t.database.db;
  return {
    async role(input: { type: RoleType; permissions?: string[]; title?: string; status?: string }) {
      const [row] = await db
        .insert(roles)
        .values({
          title: input.title ?? `${input.type} role ${++counter}`,
          type: input.type,
          permissions: input.permissions ?? defaultPermissions(input.type),
          status: input.status ?? 'active',
        })
        .returning();
      return row;
    },
    async systemRoleId(type: RoleType) {
      const [row] = await db
        .select({ id: roles.id })
        .from(roles)
        .where(and(eq(roles.type, type), eq(roles.system, true)));
      return row.id;
    },
    /** a user of a role type; `permissions` makes a custom role holding exactly those */
    async user(
      input: {
        type?: RoleType;
        permissions?: string[];
        status?: string;
        email?: string;
        signIn?: boolean;
        customPermissions?: string[];
      } = {},
    ): Promise<TestUser> {
      const type = input.type ?? 'affiliate';
      const roleId = input.permissions ? (await this.role({ type, permissions: input.permissions })).id : await this.systemRoleId(type);
      const email = input.email ?? `user${++counter}.${Math.random().toString(36).slice(2, 7)}@test.local`;
      const [row] = await db
        .insert(users)
        .values({
          secureId: secureId(),
          email,
          passwordHash: await hashPassword(PASSWORD),
          firstName: 'Test',
          lastName: `User${counter}`,
          roleId,
          status: 'active',
          customPermissions: input.customPermissions ?? null,
          apiToken: type === 'affiliate' ? randomToken(24) : null,
        })
        .returning();
      const tokens = input.signIn === false ? { token: '', refreshToken: '' } : await t.signIn(email, PASSWORD);
      if (input.status && input.status !== 'active') await db.update(users).set({ status: input.status }).where(eq(users.id, row.id));
      return { id: row.id, email, password: PASSWORD, roleId, ...tokens };
    },
    /** a team, optionally with members */
    async team(input: { title?: string; status?: string; members?: number[]; trafficBlocked?: boolean } = {}) {
      const [row] = await db
        .insert(teams)
        .values({
          title: input.title ?? `Team ${++counter}`,
          status: input.status ?? 'active',
          trafficBlocked: input.trafficBlocked ?? false,
        })
        .returning();
      for (const userId of input.members ?? []) await db.insert(teamMembers).values({ teamId: row.id, userId });
      return row;
    },
    /** a vertical with goals (default one goal 'Registration') */
    async vertical(input: { title?: string; status?: string; goals?: string[] } = {}) {
      const [row] = await db
        .insert(verticals)
        .values({ title: input.title ?? `Vertical ${++counter}`, status: input.status ?? 'active' })
        .returning();
      const goals = [];
      for (const [position, title] of (input.goals ?? ['Registration']).entries())
        goals.push((await db.insert(verticalGoals).values({ verticalId: row.id, title, position }).returning())[0]);
      return { ...row, goals };
    },
    async platform(input: { title?: string; status?: string } = {}) {
      const [row] = await db
        .insert(platforms)
        .values({ title: input.title ?? `Platform ${++counter}`, status: input.status ?? 'active', methodApi: true, methodPostback: true })
        .returning();
      return row;
    },
    /** an advertiser with one integration (a template of a new platform) in the vertical */
    async advertiser(input: { verticalId: number; title?: string; status?: string; integrationStatus?: string }) {
      const platform = await this.platform();
      const [template] = await db
        .insert(integrationTemplates)
        .values({ title: `Template ${++counter}`, platformId: platform.id, verticalId: input.verticalId })
        .returning();
      const [advertiser] = await db
        .insert(advertisers)
        .values({
          title: input.title ?? `Advertiser ${++counter}`,
          secureId: secureId(),
          apiToken: randomToken(24),
          status: input.status ?? 'active',
          platformId: platform.id,
          verticalId: input.verticalId,
        })
        .returning();
      const [integration] = await db
        .insert(integrations)
        .values({
          title: `${advertiser.title} integration`,
          advertiserId: advertiser.id,
          templateId: template.id,
          platformId: platform.id,
          verticalId: input.verticalId,
          status: input.integrationStatus ?? 'active',
          postbackKey: randomToken(16),
          outApiEnabled: true,
        })
        .returning();
      return { ...advertiser, integration, platform, template };
    },
    /** an offer (active, public by default) in a vertical (a new one unless given) */
    async offer(input: Partial<typeof offers.$inferInsert> = {}) {
      const verticalId = input.verticalId ?? (await this.vertical()).id;
      const [row] = await db
        .insert(offers)
        .values({ title: `Offer ${++counter}`, status: 'active', accessType: 1, ...input, verticalId })
        .returning();
      return row;
    },
    async lander(input: { offerId: number } & Partial<typeof landers.$inferInsert>) {
      const [row] = await db
        .insert(landers)
        .values({ title: `Lander ${++counter}`, targetUrl: 'https://lander.example/?click={click_id}', status: 'active', ...input })
        .returning();
      return row;
    },
  };
}
