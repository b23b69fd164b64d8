/**
 * Notifications: rules (which events notify which role types and users through which channels), channel
 * integrations (e-mail, Telegram), a user's in-app notifications, and `notify` which turns an event into
 * delivery jobs inside the caller's transaction.
 */
import {
  isMaskedSecret,
  maskSecret,
  NOTIFICATION_EVENTS,
  NOTIFICATION_PREFERENCE_TYPE,
  notificationEvent,
  PERSONAL_CHANNELS,
  PERSONAL_ROLE_TYPES,
  STAFF_ROLE_TYPES,
  renderNotification,
  TELEGRAM_TOKEN_RE,
  type ApiErrorItem,
  type NotificationChannel,
  type NotificationChannelView,
  type NotificationEvent,
  type NotificationIntegration,
  type NotificationRecipient,
  type NotificationRule,
  type RoleType,
  type myNotificationsQuery,
  type notificationRecipientsQuery,
  type notificationChannelUpdate,
  type notificationRuleUpdate,
  personName,
} from '@leadgrid/shared';
import { and, count, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Config } from '../../../config';
import { notificationChannels, notificationRules, notifications, roles, userManagers, userPreferences, users } from '../../../db/schema';
import { effectivePermissions } from '../../../http/auth';
import { requireActor, type Ctx } from '../../../http/context';
import { AppError } from '../../../http/errors';
import { parseList, toSeconds, type ListSpec } from '../../../http/list-query';
import type { JobQueue } from '../../../jobs/queue';
import { recordAudits, type AuditEntry } from '../../../lib/audit';
import type { Mailer } from '../../../lib/mailer';
import { getSetting } from '../general';
import { NOTIFICATION_JOB, sendTelegram, type DeliveryJob } from './notifications.delivery';
import { contains } from '../../../lib/search';

type RuleRow = typeof notificationRules.$inferSelect;
type ChannelRow = typeof notificationChannels.$inferSelect;
type RuleUpdate = z.infer<typeof notificationRuleUpdate>;
type ChannelUpdate = z.infer<typeof notificationChannelUpdate>;
type MyQuery = z.infer<typeof myNotificationsQuery>;
type RecipientsQuery = z.infer<typeof notificationRecipientsQuery>;

/** in-app is always delivered: it is the record of every notification, whatever else a rule asks for */
const withInApp = (channels: readonly NotificationChannel[]): NotificationChannel[] => [
  'in_app',
  ...channels.filter((c) => c !== 'in_app'),
];

function toRule(event: (typeof NOTIFICATION_EVENTS)[number], row: RuleRow | undefined): NotificationRule {
  return {
    event: event.event,
    title: event.title,
    description: event.description,
    channels: withInApp((row?.channels ?? event.defaults.channels) as NotificationChannel[]),
    roleTypes: (row?.roleTypes ?? event.defaults.roleTypes) as RoleType[],
    userIds: row?.userIds ?? [],
    status: (row?.status ?? 'active') as NotificationRule['status'],
    saved: !!row,
  };
}

/** Every event of the catalogue with its rule: the saved one, or the catalogue default. */
export async function listRules(ctx: Ctx): Promise<NotificationRule[]> {
  const rows = await ctx.db.select().from(notificationRules);
  const byEvent = new Map(rows.map((r) => [r.event, r]));
  return NOTIFICATION_EVENTS.map((e) => toRule(e, byEvent.get(e.event)));
}

export async function getRule(ctx: Ctx, event: NotificationEvent): Promise<NotificationRule> {
  const [row] = await ctx.db.select().from(notificationRules).where(eq(notificationRules.event, event)).limit(1);
  return toRule(notificationEvent(event) as (typeof NOTIFICATION_EVENTS)[number], row);
}

/** Saves rules by event (an event without a saved rule gets one); named users must exist. */
export async function updateRules(ctx: Ctx, items: RuleUpdate[]): Promise<NotificationRule[]> {
  const seen = new Set<string>();
  const errors: ApiErrorItem[] = [];
  items.forEach((item, i) => {
    if (seen.has(item.event)) errors.push({ msg: 'unique', type: 'unique', loc: ['body', 'items', i, 'event'] });
    seen.add(item.event);
  });
  const wantedUsers = [...new Set(items.flatMap((x) => x.userIds ?? []))];
  if (wantedUsers.length) {
    const found = new Set((await ctx.db.select({ id: users.id }).from(users).where(inArray(users.id, wantedUsers))).map((r) => r.id));
    items.forEach((item, i) => {
      if ((item.userIds ?? []).some((id) => !found.has(id)))
        errors.push({ msg: 'pattern', type: 'unknownUser', loc: ['body', 'items', i, 'userIds'] });
    });
  }
  if (errors.length) throw new AppError('VALIDATION', 'Validation failed', errors);

  await ctx.db.transaction(async (tx) => {
    const c = { ...ctx, db: tx };
    const current = new Map(
      (
        await tx
          .select()
          .from(notificationRules)
          .where(inArray(notificationRules.event, [...seen]))
          .for('update')
      ).map((r) => [r.event, r]),
    );
    const audits: AuditEntry[] = [];
    for (const item of items) {
      const before = toRule(notificationEvent(item.event) as (typeof NOTIFICATION_EVENTS)[number], current.get(item.event));
      const next = {
        channels: withInApp(item.channels ?? before.channels),
        roleTypes: [...new Set(item.roleTypes ?? before.roleTypes)],
        userIds: [...new Set(item.userIds ?? before.userIds)],
        status: item.status ?? before.status,
      };
      const [row] = await tx
        .insert(notificationRules)
        .values({ event: item.event, ...next, createdAt: ctx.now() })
        .onConflictDoUpdate({ target: notificationRules.event, set: next })
        .returning({ id: notificationRules.id });
      audits.push({
        entity: 'notification_rule',
        entityId: row.id,
        action: before.saved ? 'update' : 'create',
        changes: {
          before: { channels: before.channels, roleTypes: before.roleTypes, userIds: before.userIds, status: before.status },
          after: next,
        },
      });
    }
    await recordAudits(c, audits);
  });
  const all = await listRules(ctx);
  return items.map((x) => all.find((r) => r.event === x.event)!);
}

function toChannel(type: NotificationIntegration, row: ChannelRow | undefined, config: Config): NotificationChannelView {
  const status = (row?.status ?? 'inactive') as NotificationChannelView['status'];
  if (type === 'email') {
    return {
      type,
      status,
      config: {},
      ready: status === 'active',
      smtpConfigured: !!config.SMTP_URL,
      updatedAt: toSeconds(row?.updatedAt),
    };
  }
  const token = row?.config.botToken ?? '';
  const chatId = row?.config.chatId ?? '';
  return {
    type,
    status,
    config: { chatId, botToken: maskSecret(token) },
    ready: status === 'active' && !!token && !!chatId,
    updatedAt: toSeconds(row?.updatedAt),
  };
}

export async function listChannels(ctx: Ctx): Promise<NotificationChannelView[]> {
  const rows = await ctx.db.select().from(notificationChannels);
  const byType = new Map(rows.map((r) => [r.type, r]));
  return (['email', 'telegram'] as const).map((type) => toChannel(type, byType.get(type), ctx.config));
}

/**
 * Saves channel integrations. A Telegram token sent back masked (or omitted) keeps the saved one; turning
 * Telegram on needs a token and a chat id. The token is never answered or audited in full.
 */
export async function updateChannels(ctx: Ctx, items: ChannelUpdate[]): Promise<NotificationChannelView[]> {
  const seen = new Set<string>();
  items.forEach((item, i) => {
    if (seen.has(item.type)) throw AppError.field(['body', 'items', i, 'type'], 'unique');
    seen.add(item.type);
  });
  await ctx.db.transaction(async (tx) => {
    const c = { ...ctx, db: tx };
    const current = new Map((await tx.select().from(notificationChannels).for('update')).map((r) => [r.type, r]));
    const audits: AuditEntry[] = [];
    for (const [i, item] of items.entries()) {
      const row = current.get(item.type);
      const config: Record<string, string> = { ...(row?.config ?? {}) };
      const status = item.status ?? ((row?.status ?? 'inactive') as 'active' | 'inactive');
      let tokenChanged = false;
      if (item.type === 'telegram') {
        if (item.botToken !== undefined && item.botToken !== '' && !isMaskedSecret(item.botToken)) {
          if (!TELEGRAM_TOKEN_RE.test(item.botToken))
            throw AppError.field(['body', 'items', i, 'botToken'], 'pattern', 'A bot token looks like 123456789:AA... (from @BotFather)');
          tokenChanged = item.botToken !== config.botToken;
          config.botToken = item.botToken;
        }
        if (item.chatId !== undefined) config.chatId = item.chatId;
        if (status === 'active' && !config.botToken) throw AppError.field(['body', 'items', i, 'botToken'], 'required');
        if (status === 'active' && !config.chatId) throw AppError.field(['body', 'items', i, 'chatId'], 'required');
      }
      const [saved] = await tx
        .insert(notificationChannels)
        .values({ type: item.type, status, config, updatedAt: ctx.now() })
        .onConflictDoUpdate({ target: notificationChannels.type, set: { status, config, updatedAt: ctx.now() } })
        .returning({ id: notificationChannels.id });
      audits.push({
        entity: 'notification_channel',
        entityId: saved.id,
        action: row ? 'update' : 'create',
        changes: {
          before: { status: row?.status ?? null, chatId: row?.config.chatId ?? null },
          after: { status, chatId: config.chatId ?? null, ...(tokenChanged ? { botToken: 'changed' } : {}) },
        },
      });
    }
    await recordAudits(c, audits);
  });
  const all = await listChannels(ctx);
  return items.map((x) => all.find((ch) => ch.type === x.type)!);
}

/** Sends a test message through a channel now (e-mail: to the caller). A refusal is a 422 with the reason. */
export async function testChannel(ctx: Ctx, deps: { mailer: Mailer }, type: NotificationIntegration): Promise<void> {
  const actor = requireActor(ctx);
  const name = (await getSetting(ctx.db, 'name')) ?? ctx.config.SYSTEM_NAME;
  const text = `This is a test notification from ${name}.`;
  if (type === 'email') {
    const [me] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, actor.id)).limit(1);
    try {
      await deps.mailer.send({ to: me.email, subject: `[${name}] Test notification`, text });
    } catch (err) {
      throw AppError.business(`The e-mail could not be sent: ${(err as Error).message}`);
    }
    return;
  }
  const [row] = await ctx.db.select().from(notificationChannels).where(eq(notificationChannels.type, 'telegram')).limit(1);
  if (!row?.config.botToken || !row.config.chatId) throw AppError.business('Save a bot token and a chat id first');
  try {
    await sendTelegram(ctx.config, row.config.botToken, row.config.chatId, text);
  } catch (err) {
    throw AppError.business((err as Error).message);
  }
}

export interface NotifyPayload {
  /** values for the template placeholders, e.g. { leadId: 12, offer: 'Solar DE', reason: 'caps closed' } */
  values?: Record<string, string | number | null>;
  /** the users the event is about (an invoice's affiliate, an export's requester) */
  audience?: number[];
  /** a path in the web app, e.g. /leads?id=12 */
  link?: string;
  /**
   * what a staff recipient must be able to read to be told (docs/decisions/engine.md "Notifications that fire"):
   * `permission` held, and a reach that covers `affiliateId` — `reach` names the permissions of all affiliates and
   * of the assigned ones (default the people scope's `affiliate.read` / `affiliate.assigned.read`). Applies to the
   * rule's role types and to the users it names alike; the event's own audience (the affiliate) is not filtered.
   */
  about?: { permission?: string; affiliateId?: number; reach?: readonly [all: string, assigned: string] };
}

/**
 * Turns an event into delivery jobs: one per recipient and personal channel (in-app, e-mail), one per event for
 * Telegram. Call it with the transaction of the write that caused the event, so the jobs commit with it. A user's
 * own choice for the event (/profile/notifications) overrides the rule's personal channels; channels whose
 * integration is off are skipped, so with none configured the notification is stored in-app only. Answers the
 * number of jobs.
 */
export async function notify(ctx: Ctx, queue: JobQueue, event: NotificationEvent, payload: NotifyPayload = {}): Promise<number> {
  const def = notificationEvent(event);
  if (!def) throw new Error(`unknown notification event ${event}`);
  const rule = await getRule(ctx, event);
  if (rule.status !== 'active') return 0;
  const recipients = await recipientsOf(ctx, rule, !!def.personal, payload.audience ?? [], payload.about);
  if (!recipients.length) return 0;
  const ready = new Set((await listChannels(ctx)).filter((c) => c.ready).map((c) => c.type as NotificationChannel));
  const choices = await personalChoices(ctx, event, recipients);
  const values = payload.values ?? {};
  const message = {
    event,
    title: renderNotification(def.template.title, values),
    body: renderNotification(def.template.body, values),
    data: { values, ...(payload.link ? { link: payload.link } : {}) },
  };
  const jobs: DeliveryJob[] = [];
  for (const userId of recipients) {
    for (const channel of PERSONAL_CHANNELS) {
      const wanted = choices.get(userId)?.[channel] ?? rule.channels.includes(channel);
      if (wanted && (channel === 'in_app' || ready.has(channel))) jobs.push({ channel, userId, ...message });
    }
  }
  if (rule.channels.includes('telegram') && ready.has('telegram')) jobs.push({ channel: 'telegram', ...message });
  await queue.sendMany(NOTIFICATION_JOB, jobs, { db: ctx.db });
  return jobs.length;
}

/** The recipients' own channel choices for an event, where they saved one. */
async function personalChoices(ctx: Ctx, event: string, userIds: number[]) {
  const rows = await ctx.db
    .select({ userId: userPreferences.userId, value: userPreferences.value })
    .from(userPreferences)
    .where(
      and(
        eq(userPreferences.type, NOTIFICATION_PREFERENCE_TYPE),
        eq(userPreferences.name, event),
        inArray(userPreferences.userId, userIds),
      ),
    );
  const choices = new Map<number, Partial<Record<(typeof PERSONAL_CHANNELS)[number], boolean>>>();
  for (const row of rows) {
    const v = row.value && typeof row.value === 'object' ? (row.value as Record<string, unknown>) : {};
    choices.set(
      row.userId,
      Object.fromEntries(PERSONAL_CHANNELS.filter((c) => typeof v[c] === 'boolean').map((c) => [c, v[c] as boolean])),
    );
  }
  return choices;
}

/**
 * Staff role types of the rule receive every event; affiliates and advertisers (and everyone, for a personal
 * event) only when the event is about them. Users named in the rule always receive it. Only active users.
 */
async function recipientsOf(
  ctx: Ctx,
  rule: NotificationRule,
  personal: boolean,
  audience: number[],
  about: NotifyPayload['about'],
): Promise<number[]> {
  const broadcast = personal ? [] : rule.roleTypes.filter((t) => !PERSONAL_ROLE_TYPES.includes(t));
  const targeted = personal ? rule.roleTypes : rule.roleTypes.filter((t) => PERSONAL_ROLE_TYPES.includes(t));
  const who: SQL[] = [];
  if (broadcast.length) who.push(inArray(roles.type, broadcast));
  if (targeted.length && audience.length) who.push(and(inArray(roles.type, targeted), inArray(users.id, audience))!);
  if (rule.userIds.length) who.push(inArray(users.id, rule.userIds));
  if (!who.length) return [];
  const rows = await ctx.db
    .select({ id: users.id, role: roles, customPermissions: users.customPermissions })
    .from(users)
    .innerJoin(roles, eq(users.roleId, roles.id))
    .where(and(eq(users.status, 'active'), or(...who)))
    .orderBy(users.id);
  if (!about) return rows.map((r) => r.id);
  const managers =
    about.affiliateId !== undefined
      ? new Set(
          (await ctx.db.select({ id: userManagers.managerId }).from(userManagers).where(eq(userManagers.userId, about.affiliateId))).map(
            (m) => m.id,
          ),
        )
      : new Set<number>();
  const [all, assigned] = about.reach ?? ['affiliate.read', 'affiliate.assigned.read'];
  const told = (r: (typeof rows)[number]) => {
    if (!STAFF_ROLE_TYPES.includes(r.role.type as RoleType)) return audience.includes(r.id);
    const held = effectivePermissions(r.role, r.customPermissions);
    if (about.permission && !held.includes(about.permission)) return false;
    if (about.affiliateId === undefined) return true;
    return held.includes(all) || (held.includes(assigned) && managers.has(r.id));
  };
  return rows.filter(told).map((r) => r.id);
}

/** Users a rule may name (active ones matching the search), or the named ones by id; each with their role. */
export async function recipients(ctx: Ctx, q: RecipientsQuery): Promise<NotificationRecipient[]> {
  const byIds = q.ids !== undefined;
  if (byIds && !q.ids!.length) return [];
  const where = byIds
    ? inArray(users.id, q.ids!)
    : and(
        eq(users.status, 'active'),
        q.search
          ? or(
              sql`${users.email} ILIKE ${contains(q.search)}`,
              sql`(${users.firstName} || ' ' || ${users.lastName}) ILIKE ${contains(q.search)}`,
              /^\d+$/.test(q.search) ? eq(users.id, Number(q.search)) : undefined,
            )
          : undefined,
      );
  const rows = await ctx.db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      status: users.status,
      roleType: roles.type,
      roleTitle: roles.title,
    })
    .from(users)
    .innerJoin(roles, eq(users.roleId, roles.id))
    .where(where)
    .orderBy(sql`lower(${users.email})`)
    .limit(byIds ? 500 : q.limit);
  return rows.map((r) => ({
    id: r.id,
    name: personName(r),
    email: r.email,
    roleType: r.roleType as RoleType,
    roleTitle: r.roleTitle,
    status: r.status,
  }));
}

const MY_LIST: ListSpec = {
  orderBy: { createdAt: notifications.createdAt, id: notifications.id },
  defaultOrder: 'createdAt:desc',
};

const toMine = (row: typeof notifications.$inferSelect) => ({
  id: row.id,
  event: row.event,
  title: row.title,
  body: row.body,
  data: (row.data as Record<string, unknown> | null) ?? null,
  readAt: toSeconds(row.readAt),
  createdAt: toSeconds(row.createdAt)!,
});

/** The caller's in-app notifications, newest first, with the total and unread counts. */
export async function listMine(ctx: Ctx, q: MyQuery) {
  const actor = requireActor(ctx);
  const p = parseList(q, MY_LIST);
  const mine = eq(notifications.userId, actor.id);
  const where = and(mine, q.unread ? isNull(notifications.readAt) : undefined);
  const rows = await ctx.db
    .select()
    .from(notifications)
    .where(where)
    .orderBy(p.order, desc(notifications.id))
    .limit(p.limit)
    .offset(p.offset);
  const [counts] = await ctx.db
    .select({ total: count(), unread: sql<number>`count(*) filter (where ${notifications.readAt} is null)`.mapWith(Number) })
    .from(notifications)
    .where(where);
  return { items: rows.map(toMine), meta: { totalCount: counts.total, unreadCount: q.unread ? counts.total : counts.unread } };
}

async function unreadCount(ctx: Ctx, userId: number) {
  const [row] = await ctx.db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row.n;
}

/** Marks the caller's notifications read; an id that is not the caller's is a 404 and nothing changes. */
export async function markRead(ctx: Ctx, ids: number[]) {
  const actor = requireActor(ctx);
  const unique = [...new Set(ids)];
  const own = await ctx.db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.userId, actor.id), inArray(notifications.id, unique)));
  if (own.length !== unique.length) throw AppError.notFound('Notification');
  const updated = await ctx.db
    .update(notifications)
    .set({ readAt: ctx.now() })
    .where(and(eq(notifications.userId, actor.id), inArray(notifications.id, unique), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return { updated: updated.length, unreadCount: await unreadCount(ctx, actor.id) };
}

export async function markAllRead(ctx: Ctx) {
  const actor = requireActor(ctx);
  const updated = await ctx.db
    .update(notifications)
    .set({ readAt: ctx.now() })
    .where(and(eq(notifications.userId, actor.id), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return { updated: updated.length, unreadCount: 0 };
}
