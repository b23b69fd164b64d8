/**
 * Server errors of the people forms: a contact's error (`loc` ['body','items',0,'contacts',i,'value']) goes to its
 * row, id lists (`managerIds`, `tagIds`, `teamId`, `roleId`) to their picker, the rest through the shared adapter.
 * Answers the messages that name no field of the form, for the caller to show near the form.
 */
import type { FormInstance } from 'antd/es/form';
import { ApiError, serverMessageText } from '../../api/client';
import { applyServerErrors } from '../form';

export function applyPersonErrors(form: FormInstance, error: unknown): string[] {
  if (!(error instanceof ApiError)) return [];
  const contacts: { name: (string | number)[]; errors: string[] }[] = [];
  const rest = error.errors.filter((item) => {
    const at = item.loc.indexOf('contacts');
    const index = item.loc[at + 1];
    if (at >= 0 && typeof index === 'number') {
      contacts.push({ name: ['contacts', index, 'value'], errors: [serverMessageText(item.msg)] });
      return false;
    }
    return true;
  });
  if (contacts.length) form.setFields(contacts);
  // an error on an item of an id list (['managerIds', 2]) belongs to the list's field
  const normalized = new ApiError(
    error.status,
    error.message,
    rest.map((item) => {
      const i = item.loc.findIndex((p) => p === 'managerIds' || p === 'tagIds');
      return i >= 0 ? { ...item, loc: item.loc.slice(0, i + 1) } : item;
    }),
  );
  if (rest.length === 0 && contacts.length) return [];
  return applyServerErrors(form, normalized);
}
