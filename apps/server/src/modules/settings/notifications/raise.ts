/**
 * Where the notification catalogue's events are raised (issue 19; docs/decisions/engine.md "Notifications that
 * fire"): each helper builds the event's values and link and calls `notify` in the caller's transaction, so the
 * delivery jobs (in-app bell, e-mail, Telegram) commit with the change. Events that can happen over and over for one
 * cause are raised once: a cap reached once per cap and period, a postback failed once per postback and hour — the key
 * is inserted into `notification_once` (migration 0020) in the same transaction, and remembered by the process so a
 * stream of refused leads costs no round trip.
 */
import { capPeriod, normalizeDecimal, type CapPeriod } from '@leadgrid/shared';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../../db/client';
import type { Ctx } from '../../../http/context';
import type { JobQueue } from '../../../jobs/queue';
import { notify, type NotifyPayload } from './notifications.service';
import type { NotificationEvent } from '@leadgrid/shared';

/** keys this process already raised (bounded: the oldest half is forgotten past the limit) */
const raised = new Set<string>();
const RAISED_MAX = 10_000;

function remember(key: string) {
  if (raised.size >= RAISED_MAX) for (const k of [...raised].slice(0, RAISED_MAX / 2)) raised.delete(k);
  raised.add(key);
}

/**
 * Raises the event unless its key was raised before (by any process): the key and the jobs commit together. Answers
 * whether it was raised now. Runs in the caller's transaction, or its own when the caller holds none; `payload` reads
 * through the context it is given (on PGlite a read through another handle would wait for this transaction).
 */
export async function notifyOnce(
  ctx: Ctx,
  queue: JobQueue,
  key: string,
  event: NotificationEvent,
  payload: (tx: Ctx) => Promise<NotifyPayload>,
): Promise<boolean> {
  if (raised.has(key)) return false;
  const won = await ctx.db.transaction(async (tx) => {
    const rows = rowsOf(
      await tx.execute(
        sql`insert into notification_once (key, created_at) values (${key}, ${ctx.now()}) on conflict (key) do nothing returning key`,
      ),
    );
    if (!rows.length) return false;
    const inTx = { ...ctx, db: tx };
    await notify(inTx, queue, event, await payload(inTx));
    return true;
  });
  remember(key);
  return won;
}

/** how long a once-key is kept after it was raised, by the window its key ends with (a cap's all-time key stays) */
const ONCE_KEEP = [
  /** a day (`2026-11-26`) or an hour (`2026-11-26T13`): 2 days */
  { pattern: ':[0-9]{4}-[0-9]{2}-[0-9]{2}(T[0-9]{2})?$', days: 2 },
  /** an ISO week (`2026-W48`): past the week in any zone */
  { pattern: ':[0-9]{4}-W[0-9]{2}$', days: 9 },
  /** a month (`2026-11`) */
  { pattern: ':[0-9]{4}-[0-9]{2}$', days: 33 },
] as const;

/**
 * Forgets the once-keys whose window is over (run by the hourly cleanup job, exports.jobs.ts): a key is only needed
 * while its event could be raised again in the same window. Answers how many keys went.
 */
export async function pruneNotificationOnce(ctx: Pick<Ctx, 'db' | 'now'>): Promise<number> {
  const now = ctx.now().getTime();
  const rows = rowsOf(
    await ctx.db.execute(
      sql`delete from notification_once where ${sql.join(
        ONCE_KEEP.map((k) => sql`(key ~ ${k.pattern} and created_at < ${new Date(now - k.days * 86_400_000)})`),
        sql` or `,
      )} returning key`,
    ),
  );
  return rows.length;
}

async function offerTitle(ctx: Ctx, offerId: number): Promise<string> {
  const [row] = rowsOf<{ title: string }>(await ctx.db.execute(sql`select title from offers where id = ${offerId}`));
  return row?.title ?? `#${offerId}`;
}

/** what the notice of a cap says of it (an engine cap, inventory/caps) */
interface ReachedCap {
  id: number;
  value: string;
  currency: string | null;
  timezone: string;
  period: CapPeriod;
}

/** a cap filled up or refused a lead: once per cap and period */
export async function capReached(ctx: Ctx, queue: JobQueue, p: { cap: ReachedCap; offerId: number; at: Date }): Promise<boolean> {
  const period = capPeriod(p.cap.period, p.cap.timezone, p.at);
  return notifyOnce(ctx, queue, `cap_reached:${p.cap.id}:${period.key}`, 'cap_reached', async (tx) => ({
    values: {
      capId: p.cap.id,
      offer: await offerTitle(tx, p.offerId),
      // the stored numeric(20,8) in its plain form ('100.00000000' -> '100')
      value: p.cap.currency ? `${normalizeDecimal(p.cap.value)} ${p.cap.currency}` : normalizeDecimal(p.cap.value),
      period: period.key,
    },
    link: `/offers/${p.offerId}`,
  }));
}

/** a lead that no advertiser took after all its retries (in the transaction that marks it failed) */
export async function leadFailed(
  ctx: Ctx,
  queue: JobQueue,
  p: { leadId: number; offerId: number; affiliateId: number; reason: string | null },
): Promise<number> {
  return notify(ctx, queue, 'lead_failed', {
    values: { leadId: p.leadId, offer: await offerTitle(ctx, p.offerId), reason: p.reason ?? 'not accepted' },
    link: `/leads?search=${p.leadId}`,
    // staff who may read the lead: every lead, or the leads of the affiliates they manage
    about: { affiliateId: p.affiliateId, reach: ['lead.read', 'lead.assigned.read'] },
  });
}

/** an outbound postback that failed its last retry: once per postback and hour, to staff and its affiliate */
export async function postbackFailed(
  ctx: Ctx,
  queue: JobQueue,
  p: { postbackId: number; affiliateId: number; url: string; error: string },
): Promise<boolean> {
  const hour = ctx.now().toISOString().slice(0, 13);
  return notifyOnce(ctx, queue, `postback_failed:${p.postbackId}:${hour}`, 'postback_failed', async () => ({
    values: { url: p.url, error: p.error },
    audience: p.affiliateId > 0 ? [p.affiliateId] : [],
    link: `/postbacks/${p.postbackId}`,
    // an affiliate's postback: staff whose people scope reaches the affiliate (a global postback: every staff reader)
    ...(p.affiliateId > 0 ? { about: { affiliateId: p.affiliateId } } : {}),
  }));
}

/** offers that became active or stopped: to staff and the affiliates with a campaign of the offer */
export async function offerStatusChanged(
  ctx: Ctx,
  queue: JobQueue,
  p: { offerId: number; title: string; status: string },
): Promise<number> {
  const affiliates = rowsOf<{ id: number }>(
    await ctx.db.execute(sql`select distinct affiliate_id as id from campaigns where offer_id = ${p.offerId}`),
  );
  return notify(ctx, queue, 'offer_status_changed', {
    values: { offer: p.title, status: p.status },
    audience: affiliates.map((a) => Number(a.id)),
    link: `/offers/${p.offerId}`,
  });
}

/** an export finished: to the user who asked for it (the file is downloaded from the export button's list) */
export async function exportReady(ctx: Ctx, queue: JobQueue, p: { exportId: number; userId: number; name: string }): Promise<number> {
  return notify(ctx, queue, 'export_ready', {
    values: { name: p.name, exportId: p.exportId },
    audience: [p.userId],
  });
}
