import { outApiSection } from '@leadgrid/shared';
import { describe, expect, it } from 'vitest';
import { buildOutApiRequest, parseOutApiResponse, valueAt } from './out-api';

const now = new Date('2026-01-02T03:04:05Z');
const parameters = [
  { name: 'baseUrl', title: '', value: 'https://crm.test/api', secret: false },
  { name: 'key', title: '', value: 'k&1', secret: true },
];

describe('out API: the request', () => {
  it('fills parameters, lead fields and macros; percent-encodes lead values in the URL only', () => {
    const out = outApiSection.parse({
      url: '{{baseUrl}}/leads?c={{lead.country}}&t={{macro.timestamp}}',
      headers: [{ name: 'Authorization', value: 'Key {{key}}' }],
      fieldMappings: [
        { target: 'name', source: 'lead', value: 'firstName' },
        { target: 'ref', source: 'macro', value: 'leadId' },
        { target: 'note', source: 'constant', value: 'from {{lead.sub1}}' },
      ],
    });
    const r = buildOutApiRequest(out, {
      lead: { firstName: 'Zoë', country: 'D E', sub1: 'a&b' },
      parameters,
      macros: { leadId: 'L1' },
      now,
    });
    expect(r).toEqual({
      method: 'POST',
      url: 'https://crm.test/api/leads?c=D%20E&t=1767323045',
      headers: { Authorization: 'Key k&1', 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Zoë', ref: 'L1', note: 'from a&b' }),
      timeoutMs: 10000,
      secrets: ['k&1'],
    });
  });
});

describe('out API: the answer', () => {
  const mapping = {
    successStatuses: [200, 201],
    successPath: 'status',
    successValue: 'accepted',
    leadIdPath: 'data.0.id',
    redirectUrlPath: 'url',
    errorPath: 'message',
  };
  it('needs the status and the value at the path', () => {
    expect(parseOutApiResponse(mapping, { status: 201, body: '{"status":"accepted","data":[{"id":7}],"url":"https://x.test"}' })).toEqual({
      success: true,
      advertiserLeadId: '7',
      redirectUrl: 'https://x.test',
      error: null,
    });
    expect(parseOutApiResponse(mapping, { status: 200, body: '{"status":"duplicate","message":"Duplicate lead"}' })).toEqual({
      success: false,
      advertiserLeadId: null,
      redirectUrl: null,
      error: 'Duplicate lead',
    });
    expect(parseOutApiResponse({ successStatuses: [] }, { status: 204, body: '' }).success).toBe(true);
    expect(parseOutApiResponse({ successStatuses: [] }, { status: 400, body: 'bad' }).error).toBe('HTTP 400');
  });
  it('reads dotted paths with indexes', () => {
    expect(valueAt({ a: [{ b: 1 }] }, 'a.0.b')).toBe(1);
    expect(valueAt({ a: null }, 'a.b')).toBeUndefined();
  });
});
