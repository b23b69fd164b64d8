/** The clicks screens' rules: URL filters -> list query, and the edit payload. */
import { describe, expect, it } from 'vitest';
import { editPayload, listQuery, tabOf } from './model';

describe('listQuery', () => {
  it('sends the URL filters with the user zone and makes the inclusive end of day exclusive', () => {
    const q = listQuery(
      'valid',
      { from: '1763769600', to: '1763855999', offerId: '3,4', country: 'DE', unique: '1', sub2: 'x', search: '10.0.0.1', os: undefined },
      'Europe/Berlin',
    );
    expect(q).toEqual({
      timezone: 'Europe/Berlin',
      from: '1763769600',
      to: '1763856000',
      offerId: '3,4',
      country: 'DE',
      unique: '1',
      sub2: 'x',
      search: '10.0.0.1',
    });
  });

  it('drops the invalid reason on the valid tab and keeps it on the invalid tab', () => {
    expect(listQuery('valid', { invalidReason: 'bot' }, 'UTC')).toEqual({ timezone: 'UTC' });
    expect(listQuery('invalid', { invalidReason: 'bot,manual' }, 'UTC')).toEqual({ timezone: 'UTC', invalidReason: 'bot,manual' });
  });

  it('reads the tab from the path, valid by default', () => {
    expect(tabOf('invalid')).toBe('invalid');
    expect(tabOf(undefined)).toBe('valid');
    expect(tabOf('other')).toBe('valid');
  });
});

describe('editPayload', () => {
  const before = { status: 1, invalidReason: null, sub1: 'fb', sub2: null };
  it('sends only what changed; invalid carries its reason; cleared subs are null', () => {
    expect(editPayload('c1', before, { status: 1, subs: { sub1: 'fb' } })).toBeNull();
    expect(editPayload('c1', before, { status: 2, invalidReason: 'manual', subs: { sub1: 'fb' } })).toEqual({
      id: 'c1',
      status: 2,
      invalidReason: 'manual',
    });
    expect(editPayload('c1', before, { status: 1, subs: { sub1: '', sub2: ' new ' } })).toEqual({ id: 'c1', sub1: null, sub2: 'new' });
    expect(editPayload('c1', { status: 2, invalidReason: 'bot' }, { status: 2, invalidReason: 'manual', subs: {} })).toEqual({
      id: 'c1',
      status: 2,
      invalidReason: 'manual',
    });
  });
});
