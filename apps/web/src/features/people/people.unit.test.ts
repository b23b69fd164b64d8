/** Pure parts of the people screens: member order, server errors. */
import type { TeamMember } from '@leadgrid/shared/people/people';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { orderMembers } from './teams/members';
import { applyPersonErrors } from '../../components/person/formErrors';

describe('team members order (product §4)', () => {
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
