/**
 * The user's notification preferences, kept as user preferences of type 'notifications': one row per event,
 * named after the event, whose value says which personal channels the user wants it on
 * (`{ in_app: boolean, email: boolean }`). An event without a row follows the catalogue's default channels.
 * Telegram is not personal: it posts to the team chat an administrator sets up in Settings → Notifications.
 */
import { STAFF_ROLE_TYPES, type RoleType } from '@leadgrid/shared/access/permissions';
import {
  NOTIFICATION_EVENTS,
  NOTIFICATION_PREFERENCE_TYPE,
  PERSONAL_CHANNELS,
  PERSONAL_ROLE_TYPES,
  type NotificationEventDef,
} from '@leadgrid/shared/settings/notifications';
import type { Preference } from './api';

export { NOTIFICATION_PREFERENCE_TYPE, PERSONAL_CHANNELS };
export type PersonalChannel = (typeof PERSONAL_CHANNELS)[number];
export type ChannelChoice = Record<PersonalChannel, boolean>;
export type Choices = Record<string, ChannelChoice>;

/** the event groups of the screen, in order; an event added to the catalogue later lands in 'other' */
export const EVENT_GROUPS: { id: string; events: readonly string[] }[] = [
  { id: 'traffic', events: ['lead_failed', 'cap_reached', 'postback_failed', 'api_sync_failed'] },
  { id: 'finance', events: ['invoice_created', 'invoice_paid'] },
  { id: 'partners', events: ['affiliate_registered', 'offer_status_changed'] },
  { id: 'exports', events: ['export_ready'] },
];

/** Staff may be named in any rule; affiliates and advertisers see the events that concern them by default. */
export function eventsFor(roleType: RoleType): NotificationEventDef[] {
  const all = NOTIFICATION_EVENTS as readonly NotificationEventDef[];
  if (STAFF_ROLE_TYPES.includes(roleType) || !PERSONAL_ROLE_TYPES.includes(roleType)) return [...all];
  return all.filter((e) => e.personal || e.defaults.roleTypes.includes(roleType));
}

export function groupEvents(events: NotificationEventDef[]): { id: string; events: NotificationEventDef[] }[] {
  const known = new Set(EVENT_GROUPS.flatMap((g) => g.events));
  const groups = EVENT_GROUPS.map((g) => ({ id: g.id, events: events.filter((e) => g.events.includes(e.event)) }));
  groups.push({ id: 'other', events: events.filter((e) => !known.has(e.event)) });
  return groups.filter((g) => g.events.length > 0);
}

export const defaultChoice = (event: NotificationEventDef): ChannelChoice => ({
  in_app: event.defaults.channels.includes('in_app'),
  email: event.defaults.channels.includes('email'),
});

function readChoice(value: unknown, fallback: ChannelChoice): ChannelChoice {
  const v = value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  return {
    in_app: typeof v.in_app === 'boolean' ? v.in_app : fallback.in_app,
    email: typeof v.email === 'boolean' ? v.email : fallback.email,
  };
}

/** The choices as stored, with the defaults for events never saved. */
export function choicesFrom(events: NotificationEventDef[], preferences: Preference[]): Choices {
  const rows = new Map(preferences.filter((p) => p.type === NOTIFICATION_PREFERENCE_TYPE).map((p) => [p.name, p]));
  return Object.fromEntries(events.map((e) => [e.event, readChoice(rows.get(e.event)?.value, defaultChoice(e))]));
}

const same = (a: ChannelChoice, b: ChannelChoice) => PERSONAL_CHANNELS.every((c) => a[c] === b[c]);

/** The writes that take the stored state to `next`: PATCH rows that exist, PUT the others. */
export function changesBetween(saved: Choices, next: Choices, preferences: Preference[]) {
  const rows = new Map(preferences.filter((p) => p.type === NOTIFICATION_PREFERENCE_TYPE).map((p) => [p.name, p]));
  const create: { type: string; name: string; value: ChannelChoice }[] = [];
  const update: { id: number; value: ChannelChoice }[] = [];
  for (const [event, choice] of Object.entries(next)) {
    if (saved[event] && same(saved[event], choice)) continue;
    const row = rows.get(event);
    if (row) update.push({ id: row.id, value: choice });
    else create.push({ type: NOTIFICATION_PREFERENCE_TYPE, name: event, value: choice });
  }
  return { create, update };
}

export const isDirty = (saved: Choices, next: Choices) =>
  Object.keys(next).some((event) => !saved[event] || !same(saved[event], next[event]));
