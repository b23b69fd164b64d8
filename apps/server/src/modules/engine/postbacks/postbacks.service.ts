/**
 * Postbacks: this issue keeps the network-wide global postback (the single `scope = 'global'` row): its URL with
 * macros, method, events and status. Firing it (with retries, logs and the SSRF guard) belongs to the traffic
 * engine, which reads it with `activeGlobalPostback`.
 */
import { validateMacros, type GlobalPostback, type GlobalPostbackFields, type PostbackEvent } from '@leadgrid/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import { postbacks } from '../../../db/schema';
import { requireActor, type Ctx } from '../../../http/context';
import { AppError } from '../../../http/errors';
import { toSeconds } from '../../../http/list-query';
import { diffFields, recordAudit } from '../../../lib/audit';

type PostbackRow = typeof postbacks.$inferSelect;
type Fields = Required<GlobalPostbackFields>;

const EMPTY: GlobalPostback = { id: null, url: '', method: 'GET', events: [], status: 'inactive', createdAt: null, createdBy: null };

function toGlobal(row: PostbackRow | undefined): GlobalPostback {
  if (!row) return EMPTY;
  return {
    id: row.id,
    url: row.url,
    method: row.method as GlobalPostback['method'],
    events: row.events as PostbackEvent[],
    status: row.status as GlobalPostback['status'],
    createdAt: toSeconds(row.createdAt),
    createdBy: row.createdBy,
  };
}

const findGlobal = async (ctx: Ctx) =>
  (await ctx.db.select().from(postbacks).where(eq(postbacks.scope, 'global')).orderBy(asc(postbacks.id)).limit(1))[0];

/** Staff see the global postback; affiliates have their own postbacks and never see the network's. */
export async function getGlobal(ctx: Ctx): Promise<GlobalPostback> {
  const actor = requireActor(ctx);
  if (actor.roleType === 'affiliate')
    throw AppError.forbidden('The global postback is managed by the network; set up your own postbacks instead');
  return toGlobal(await findGlobal(ctx));
}

/** Saves the global postback, creating it on first save. Every `{macro}` in the URL must be a known one. */
export async function saveGlobal(ctx: Ctx, input: Fields): Promise<GlobalPostback> {
  const actor = requireActor(ctx);
  const bad = validateMacros(input.url);
  if (bad) throw AppError.field(['body', 'data', 'url'], 'pattern', `Unknown macro {${bad.macro}}`, 'macro');
  await ctx.db.transaction(async (tx) => {
    const c = { ...ctx, db: tx };
    // one global row: concurrent first saves queue up here instead of creating two
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('postbacks.global'))`);
    const current = await findGlobal(c);
    const values = { url: input.url, method: input.method, events: input.events, status: input.status };
    if (!current) {
      const [row] = await tx
        .insert(postbacks)
        .values({ scope: 'global', title: 'Global postback', ...values, createdBy: actor.id, createdAt: ctx.now() })
        .returning({ id: postbacks.id });
      await recordAudit(c, { entity: 'postback', entityId: row.id, action: 'create', changes: { scope: 'global', ...values } });
      return;
    }
    const changes = diffFields(current, values);
    if (!changes) return;
    await tx
      .update(postbacks)
      .set(changes.after)
      .where(and(eq(postbacks.id, current.id), eq(postbacks.scope, 'global')));
    await recordAudit(c, { entity: 'postback', entityId: current.id, action: 'update', changes });
  });
  return toGlobal(await findGlobal(ctx));
}

/** The global postback when it is active, for the traffic engine to fire; null otherwise. */
export async function activeGlobalPostback(ctx: Ctx): Promise<GlobalPostback | null> {
  const row = await findGlobal(ctx);
  return row && row.status === 'active' ? toGlobal(row) : null;
}
