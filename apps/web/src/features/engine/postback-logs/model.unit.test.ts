/** The postback-log screens' rules: tabs and the default tab by permission, URL filters -> list query, the request of a log. */
import type { AccessSubject } from '@leadgrid/shared/access/permissions';
import { describe, expect, it } from 'vitest';
import { defaultLogTab, listQuery, logTabs, pretty, requestOf } from './model';

const subject = (roleType: AccessSubject['roleType'], permissions: string[]): AccessSubject => ({ roleType, permissions }) as AccessSubject;

describe('tabs by permission', () => {
  it('opens the advertiser log for staff who may read it, the affiliate log otherwise', () => {
    const admin = subject('admin', ['front.menu.postback_log.read', 'log.postback.advertiser.read']);
    expect(logTabs(admin)).toEqual(['advertisers', 'affiliates']);
    expect(defaultLogTab(admin)).toBe('advertisers');
    const employee = subject('employee', ['front.menu.postback_log.read']);
    expect(logTabs(employee)).toEqual(['affiliates']);
    expect(defaultLogTab(employee)).toBe('affiliates');
    const affiliate = subject('affiliate', ['front.menu.postback_log.read', 'log.postback.advertiser.read']);
    expect(logTabs(affiliate)).toEqual(['affiliates']);
    expect(defaultLogTab(null)).toBe('affiliates');
  });
});

describe('listQuery', () => {
  const filters = {
    createdFrom: '100',
    createdTo: '200',
    success: '0',
    affiliateId: '3',
    advertiserId: '4',
    event: 'event_sent',
    leadId: '9',
    conversionId: undefined,
  };
  it('keeps the filters of the tab', () => {
    expect(listQuery('advertisers', filters, true)).toEqual({
      createdFrom: '100',
      createdTo: '200',
      success: '0',
      affiliateId: '3',
      advertiserId: '4',
      leadId: '9',
    });
    expect(listQuery('affiliates', filters, true)).toEqual({
      createdFrom: '100',
      createdTo: '200',
      success: '0',
      affiliateId: '3',
      event: 'event_sent',
      leadId: '9',
    });
  });
  it('never sends an affiliate filter for an affiliate', () => {
    expect(listQuery('affiliates', filters, false)).not.toHaveProperty('affiliateId');
  });
});

describe('requestOf', () => {
  it('reads the outbound request and the inbound one', () => {
    expect(
      requestOf({ data: { request: { method: 'POST', url: 'https://x.io/pb', headers: { a: '1' }, body: '{"x":1}' } } }),
    ).toMatchObject({ method: 'POST', url: 'https://x.io/pb', headers: { a: '1' }, body: '{"x":1}' });
    expect(requestOf({ data: { method: 'GET', url: '/postback/k?status=ok', ip: '1.2.3.4', query: { status: 'ok' } } })).toMatchObject({
      method: 'GET',
      ip: '1.2.3.4',
      query: { status: 'ok' },
      headers: null,
    });
    expect(pretty({ a: 1 })).toBe('{\n  "a": 1\n}');
    expect(pretty(null)).toBe('');
    expect(pretty('{"status":"ok"}')).toBe('{\n  "status": "ok"\n}');
    expect(pretty('{broken')).toBe('{broken');
  });
});
