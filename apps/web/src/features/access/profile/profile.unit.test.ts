/** Pure parts of the profile: the readable user agent and the notification preference writes. */
import { NOTIFICATION_EVENTS } from '@leadgrid/shared/settings/notifications';
import { describe, expect, it } from 'vitest';
import type { Preference } from './api';
import { changesBetween, choicesFrom, eventsFor, groupEvents, isDirty } from './notificationPrefs';
import { describeUserAgent } from './userAgent';

describe('describeUserAgent', () => {
  it('names the browser, its major version and the system', () => {
    const mac = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
    expect(describeUserAgent(mac)).toEqual({ browser: 'Chrome 131', os: 'macOS 10.15.7', device: 'desktop' });
    const edge =
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.2210.91';
    expect(describeUserAgent(edge)).toEqual({ browser: 'Edge 120', os: 'Windows 10/11', device: 'desktop' });
    const iphone =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1';
    expect(describeUserAgent(iphone)).toEqual({ browser: 'Safari 17', os: 'iOS 17.1', device: 'mobile' });
    const tablet = 'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0.0.0 Safari/537.36';
    expect(describeUserAgent(tablet)).toEqual({ browser: 'Chrome 119', os: 'Android 13', device: 'tablet' });
  });

  it('tells scripts apart and copes with nothing', () => {
    expect(describeUserAgent('curl/8.4.0')).toEqual({ browser: 'curl 8.4.0', os: null, device: 'script' });
    expect(describeUserAgent('node')).toEqual({ browser: 'Node.js', os: null, device: 'script' });
    expect(describeUserAgent(null)).toEqual({ browser: null, os: null, device: 'unknown' });
  });
});

describe('notification preferences', () => {
  const events = eventsFor('admin');
  const pref = (id: number, name: string, value: unknown): Preference => ({ id, type: 'notifications', name, value });

  it('shows staff every event and affiliates the ones that concern them, in groups', () => {
    expect(events).toHaveLength(NOTIFICATION_EVENTS.length);
    const affiliate = eventsFor('affiliate').map((e) => e.event);
    expect(affiliate).toContain('invoice_paid');
    expect(affiliate).toContain('export_ready');
    expect(affiliate).not.toContain('api_sync_failed');
    expect(groupEvents(events).flatMap((g) => g.events)).toHaveLength(events.length);
  });

  it('starts from the catalogue defaults and reads stored values', () => {
    const saved = choicesFrom(events, [
      pref(5, 'cap_reached', { in_app: false, email: true }),
      { id: 6, type: 'tables', name: 'x', value: 1 },
    ]);
    expect(saved.cap_reached).toEqual({ in_app: false, email: true });
    expect(saved.lead_failed).toEqual({ in_app: true, email: false });
  });

  it('patches rows that exist and puts new ones, only for what changed', () => {
    const rows = [pref(5, 'cap_reached', { in_app: false, email: true })];
    const saved = choicesFrom(events, rows);
    const next = { ...saved, cap_reached: { in_app: true, email: true }, invoice_paid: { in_app: true, email: true } };
    expect(isDirty(saved, next)).toBe(true);
    expect(changesBetween(saved, next, rows)).toEqual({
      update: [{ id: 5, value: { in_app: true, email: true } }],
      create: [{ type: 'notifications', name: 'invoice_paid', value: { in_app: true, email: true } }],
    });
    expect(isDirty(saved, saved)).toBe(false);
  });
});
