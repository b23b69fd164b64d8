/** Pure parts of the people screens: the created-range presets in the user's zone, member order, server errors. */
import type { TeamMember } from '@leadgrid/shared/schemas/people';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { orderMembers } from '../teams/members';
import { applyPersonErrors } from './formErrors';
import { rangeBounds, rangePresets } from './RangeFilter';

dayjs.extend(utc);
dayjs.extend(timezone);

describe('range presets (spec §9) in the user time zone', () => {
  // 2026-03-31 22:30 UTC is already 1 April in Moscow (UTC+3)
  const now = new Date('2026-03-31T22:30:00Z');

  it('counts days in the user zone, today included', () => {
    const p = rangePresets('Europe/Moscow', now);
    const day = (d: dayjs.Dayjs) => d.format('YYYY-MM-DD');
    expect([day(p.today[0]), day(p.today[1])]).toEqual(['2026-04-01', '2026-04-01']);
    expect(day(p.last7Days[0])).toBe('2026-03-26');
    expect(day(p.last30Days[0])).toBe('2026-03-03');
    expect(day(p.last3Months[0])).toBe('2026-01-01');
    expect(day(p.monthStart[0])).toBe('2026-04-01');
    // in UTC it is still 31 March
    expect(day(rangePresets('UTC', now).today[0])).toBe('2026-03-31');
  });

  it('sends whole days of the user zone as seconds', () => {
    const { from, to } = rangeBounds(dayjs('2026-04-01'), dayjs('2026-04-02'), 'Europe/Moscow');
    expect(new Date(Number(from) * 1000).toISOString()).toBe('2026-03-31T21:00:00.000Z');
    expect(new Date(Number(to) * 1000).toISOString()).toBe('2026-04-02T20:59:59.000Z');
  });
});

describe('team members order (spec §4)', () => {
  const member = (id: number, status: TeamMember['status'], userStatus: TeamMember['userStatus'] = 'active'): TeamMember => ({
    id,
    firstName: `M${id}`,
    lastName: '',
    email: `m${id}@x.io`,
    role: 'member',
    status,
    userStatus,
    ownTrafficBlocked: false,
    joinedAt: 0,
  });

  it('puts members whose role status is not active first, keeping the order otherwise', () => {
    const ordered = orderMembers([
      member(1, 'active'),
      member(2, 'invited'),
      member(3, 'active', 'blocked'),
      member(4, 'active'),
      member(5, 'inactive'),
    ]);
    expect(ordered.map((m) => m.id)).toEqual([2, 3, 5, 1, 4]);
  });
});

describe('server errors on the people forms', () => {
  const form = () => {
    const fields = { email: 'a@b.io', contacts: [{ type: 'phone', value: 'x' }], managerIds: [1, 2] };
    return { getFieldsValue: () => fields, setFields: vi.fn() };
  };

  it('puts a contact error on its row and an id-list error on the list field', () => {
    const f = form();
    const rest = applyPersonErrors(
      f as never,
      new ApiError(400, 'Validation failed', [
        { msg: 'phone', type: 'phone', loc: ['body', 'items', 0, 'contacts', 0, 'value'] },
        { msg: 'The manager does not exist', type: 'exists', loc: ['body', 'items', 0, 'managerIds', 1] },
        { msg: 'unique', type: 'unique', loc: ['body', 'items', 0, 'email'] },
      ]),
    );
    expect(rest).toEqual([]);
    expect(f.setFields).toHaveBeenCalledWith([{ name: ['contacts', 0, 'value'], errors: ['Enter a valid phone number'] }]);
    expect(f.setFields).toHaveBeenCalledWith([
      { name: 'managerIds', errors: ['The manager does not exist'] },
      { name: 'email', errors: ['This value is already in use'] },
    ]);
  });

  it('answers what names no field, and the message of a refusal without field errors', () => {
    expect(applyPersonErrors(form() as never, new ApiError(409, 'The team is not active', []))).toEqual(['The team is not active']);
    expect(applyPersonErrors(form() as never, new Error('x'))).toEqual([]);
  });
});
