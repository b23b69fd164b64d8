/**
 * Notifications (product §2 /settings/notifications, §7 "notifications: get, edit, channel integrations"): the event
 * catalogue, rules (which events notify whom through which channels), channel integrations (e-mail, Telegram)
 * and a user's in-app notifications.
 */
import { z } from 'zod';
import { ACTIVE_STATUSES } from '../constants';
import { ROLE_TYPES, type RoleType } from '../access/permissions';
import { zId } from '../validation';
import { listMetaSchema, listQuerySchema } from '../common';

export const NOTIFICATION_CHANNELS = ['in_app', 'email', 'telegram'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];
/** channels with an integration to configure; in-app needs none */
export const NOTIFICATION_INTEGRATIONS = ['email', 'telegram'] as const;
export type NotificationIntegration = (typeof NOTIFICATION_INTEGRATIONS)[number];

/**
 * Role types that receive only the events about themselves (an affiliate's invoice, not every invoice); staff
 * role types receive every event of a rule, except `personal` events.
 */
export const PERSONAL_ROLE_TYPES: readonly RoleType[] = ['affiliate', 'advertiser_member'];

export interface NotificationEventDef {
  event: string;
  title: string;
  description: string;
  /** the text of the notification; `{name}` is replaced by the payload value */
  template: { title: string; body: string };
  /** the rule used until an admin saves one */
  defaults: { roleTypes: RoleType[]; channels: NotificationChannel[] };
  /** only the users the event is about receive it, whatever their role type (e.g. the requester of an export) */
  personal?: boolean;
}

const ev = (
  event: string,
  title: string,
  description: string,
  template: { title: string; body: string },
  roleTypes: RoleType[],
  personal = false,
): NotificationEventDef => ({
  event,
  title,
  description,
  template,
  defaults: { roleTypes, channels: ['in_app'] },
  ...(personal ? { personal } : {}),
});

export const NOTIFICATION_EVENTS = [
  ev(
    'lead_failed',
    'Lead delivery failed',
    'A lead could not be delivered to any advertiser',
    { title: 'Lead #{leadId} was not delivered', body: 'No advertiser accepted lead #{leadId} of offer {offer}: {reason}' },
    ['admin', 'affiliate_manager'],
  ),
  ev(
    'cap_reached',
    'Cap reached',
    'A cap of an offer reached its limit',
    { title: 'Cap reached on {offer}', body: 'Cap #{capId} of offer {offer} reached {value} for {period}' },
    ['admin', 'advertiser_manager'],
  ),
  ev(
    'invoice_created',
    'Invoice created',
    'An invoice was created for an affiliate or advertiser',
    { title: 'Invoice #{invoiceId} created', body: 'Invoice #{invoiceId} of {amount} {currency} was created' },
    ['admin', 'affiliate'],
  ),
  ev(
    'invoice_paid',
    'Invoice paid',
    'An invoice was marked as paid',
    { title: 'Invoice #{invoiceId} paid', body: 'Invoice #{invoiceId} of {amount} {currency} was paid' },
    ['affiliate'],
  ),
  ev(
    'affiliate_registered',
    'Affiliate registered',
    'A new affiliate signed up',
    { title: 'New affiliate: {name}', body: '{name} ({email}) signed up' },
    ['admin', 'affiliate_manager'],
  ),
  ev(
    'postback_failed',
    'Postback failed',
    'An outbound postback failed after all retries',
    { title: 'Postback failed', body: 'The postback to {url} failed: {error}' },
    ['admin', 'affiliate'],
  ),
  ev(
    'api_sync_failed',
    'Advertiser API sync failed',
    'Polling an advertiser API for lead statuses failed',
    { title: 'API sync failed: {advertiser}', body: 'Synchronising statuses with {advertiser} failed: {error}' },
    ['admin', 'advertiser_manager'],
  ),
  ev(
    'offer_status_changed',
    'Offer status changed',
    'An offer was activated or stopped',
    { title: 'Offer {offer} is {status}', body: 'Offer {offer} is now {status}' },
    ['affiliate_manager', 'affiliate'],
  ),
  ev(
    'export_ready',
    'Export ready',
    'A requested export or report is ready to download',
    { title: 'Your export is ready', body: 'The {name} export is ready to download' },
    ['admin', 'affiliate_manager', 'advertiser_manager', 'employee', 'advertiser_member', 'affiliate'],
    true,
  ),
] as const satisfies readonly NotificationEventDef[];
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number]['event'];
export const NOTIFICATION_EVENT_NAMES = NOTIFICATION_EVENTS.map((x) => x.event) as [NotificationEvent, ...NotificationEvent[]];
export const notificationEvent = (event: string): NotificationEventDef | undefined => NOTIFICATION_EVENTS.find((x) => x.event === event);

/**
 * A user's own channel choice per event is a user preference of this type, named after the event, valued
 * `{ in_app?: boolean, email?: boolean }` (/profile/notifications); without one the rule's channels apply.
 */
export const NOTIFICATION_PREFERENCE_TYPE = 'notifications';
export const PERSONAL_CHANNELS = ['in_app', 'email'] as const;

/** Fills `{name}` placeholders of a template; a missing value leaves the placeholder visible. */
export function renderNotification(template: string, values: Readonly<Record<string, string | number | null | undefined>>): string {
  return template.replace(/\{([A-Za-z0-9_]+)\}/g, (token, name: string) => {
    const v = values[name];
    return v === undefined || v === null ? token : String(v);
  });
}

export const notificationRuleSchema = z.object({
  event: z.enum(NOTIFICATION_EVENT_NAMES),
  title: z.string(),
  description: z.string(),
  channels: z.array(z.enum(NOTIFICATION_CHANNELS)),
  roleTypes: z.array(z.enum(ROLE_TYPES)),
  userIds: z.array(z.number().int()),
  status: z.enum(ACTIVE_STATUSES),
  /** false while the catalogue default applies (never saved) */
  saved: z.boolean(),
});
export type NotificationRule = z.infer<typeof notificationRuleSchema>;

/** edit rules by event; in-app is always kept (the in-app row is the record of every notification) */
export const notificationRuleUpdate = z.object({
  event: z.enum(NOTIFICATION_EVENT_NAMES, { message: 'pattern' }),
  channels: z
    .array(z.enum(NOTIFICATION_CHANNELS, { message: 'pattern' }))
    .max(NOTIFICATION_CHANNELS.length, { message: 'noMore' })
    .optional(),
  roleTypes: z
    .array(z.enum(ROLE_TYPES, { message: 'pattern' }))
    .max(ROLE_TYPES.length, { message: 'noMore' })
    .optional(),
  userIds: z.array(zId()).max(100, { message: 'noMore' }).optional(),
  status: z.enum(ACTIVE_STATUSES).optional(),
});
export type NotificationRuleUpdate = z.input<typeof notificationRuleUpdate>;

export const TELEGRAM_TOKEN_RE = /^\d{3,15}:[A-Za-z0-9_-]{20,100}$/;
/** a chat id (negative for groups and channels) or a public channel's @username */
export const TELEGRAM_CHAT_RE = /^(-?\d{1,20}|@[A-Za-z][A-Za-z0-9_]{4,31})$/;

export const notificationChannelSchema = z.object({
  type: z.enum(NOTIFICATION_INTEGRATIONS),
  status: z.enum(ACTIVE_STATUSES),
  /** Telegram: chatId and the masked bot token; e-mail: nothing to configure here */
  config: z.object({ chatId: z.string().optional(), botToken: z.string().optional() }),
  /** ready to deliver: SMTP configured on the server (e-mail), a token and chat id saved (Telegram) */
  ready: z.boolean(),
  /** e-mail only: false when SMTP_URL is unset and messages go to the server log */
  smtpConfigured: z.boolean().optional(),
  updatedAt: z.number().int().nullable(),
});
export type NotificationChannelView = z.infer<typeof notificationChannelSchema>;

export const notificationChannelUpdate = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('email'), status: z.enum(ACTIVE_STATUSES) }),
    z.object({
      type: z.literal('telegram'),
      status: z.enum(ACTIVE_STATUSES).optional(),
      /** omitted or the masked value sent back: the saved token is kept */
      botToken: z.string().trim().max(200, { message: 'maxlength' }).optional(),
      chatId: z.string().trim().regex(TELEGRAM_CHAT_RE, { message: 'pattern' }).optional(),
    }),
  ],
  { message: 'pattern' },
);
export type NotificationChannelUpdate = z.input<typeof notificationChannelUpdate>;
export const notificationChannelTest = z.object({ type: z.enum(NOTIFICATION_INTEGRATIONS, { message: 'required' }) });

/** Masks a secret, keeping its last four characters. */
export const maskSecret = (secret: string) => (secret ? `••••••••${secret.slice(-4)}` : '');
export const isMaskedSecret = (value: string) => value.startsWith('••••');

export const myNotificationSchema = z.object({
  id: z.number().int(),
  event: z.string(),
  title: z.string(),
  body: z.string(),
  data: z.record(z.string(), z.unknown()).nullable(),
  readAt: z.number().int().nullable(),
  createdAt: z.number().int(),
});
export type MyNotification = z.infer<typeof myNotificationSchema>;
export const myNotificationsQuery = listQuerySchema.extend({
  unread: z
    .union([z.literal('1'), z.literal('0'), z.literal('true'), z.literal('false')])
    .transform((v) => v === '1' || v === 'true')
    .optional(),
});
export const myNotificationsList = z.object({
  items: z.array(myNotificationSchema),
  meta: listMetaSchema.extend({ unreadCount: z.number().int() }),
});
export type MyNotificationsList = z.infer<typeof myNotificationsList>;

/** a user a rule can name: the picker of /settings/notifications */
export const notificationRecipientSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  roleType: z.enum(ROLE_TYPES),
  roleTitle: z.string(),
  status: z.string(),
});
export type NotificationRecipient = z.infer<typeof notificationRecipientSchema>;
export const notificationRecipientsQuery = z.object({
  search: z.string().trim().max(200, { message: 'maxlength' }).optional(),
  /** the users already named in rules, to show their names */
  ids: z
    .union([z.string(), z.array(z.string())])
    .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((x) => Number(x.trim())).filter((n) => Number.isInteger(n) && n > 0))
    .pipe(z.array(z.number()).max(500, { message: 'noMore' }))
    .optional(),
  limit: z.coerce
    .number({ message: 'number' })
    .int({ message: 'number' })
    .min(1, { message: 'min' })
    .max(100, { message: 'noMore' })
    .default(20),
});
