/** The context a service receives: who acts, with which rights, on which database, at what time. */
import type { RoleType } from '@leadgrid/shared';
import type { Config } from '../config';
import type { Database, DbOrTx } from '../db/client';

export interface Actor {
  id: number;
  roleId: number;
  roleType: RoleType;
  roleTitle: string;
  permissions: string[];
  status: string;
  timezone: string;
  impersonatorId?: number;
  /** its role requires two-factor sign-in and it has not set it up: only routes marked `twoFactorSetup` answer */
  twoFactorSetupRequired?: boolean;
}

export interface Ctx {
  actor: Actor | null;
  db: DbOrTx;
  database: Database;
  config: Config;
  now: () => Date;
  ip?: string;
  userAgent?: string;
  /** the session (refresh-token family) of the access token, when the request carries one */
  sessionId?: string;
}

export function requireActor(ctx: Ctx): Actor {
  if (!ctx.actor) throw new Error('service called without an actor');
  return ctx.actor;
}

export const hasPermission = (actor: Actor | null, permission: string) => !!actor?.permissions.includes(permission);

/** the context of background work (jobs, schedulers): no actor, the process's database and clock */
export const systemCtx = (deps: { database: Database; config: Config; now: () => Date }): Ctx => ({
  actor: null,
  db: deps.database.db,
  database: deps.database,
  config: deps.config,
  now: deps.now,
});
