/**
 * Server errors of the campaign form on their fields: `['body','items',0,'countries',2]` belongs to the countries
 * picker, `['body','items',0,'targetUrlSettings','params',1,'name']` to that parameter row's name, the 403 "no
 * access to this offer" (`offerId`) to the offer. Answers the messages that name no field of the form, for the
 * caller to show near the form.
 */
import type { FormInstance } from 'antd/es/form';
import { ApiError, serverMessageText } from '../../../api/client';

/** fields whose errors may name one element of a list (`['landerIds', 3]`): the error goes to the whole picker */
const LIST_FIELDS = new Set(['countries', 'landerIds', 'postbackIds']);
const TOP_FIELDS = new Set(['title', 'affiliateId', 'offerId', 'integrationMethod', 'domainId', 'trafficSourceId', ...LIST_FIELDS]);

export type FieldPath = (string | number)[];

/** The form field an error's `loc` names, or null. */
export function fieldOf(loc: readonly (string | number)[]): FieldPath | null {
  const items = loc.indexOf('items');
  const rest = items >= 0 ? loc.slice(items + 2) : loc.filter((p) => p !== 'body');
  const [head] = rest;
  if (typeof head !== 'string') return null;
  if (head === 'targetUrlSettings') {
    const [, key, index, sub] = rest;
    if (key === 'params' && typeof index === 'number' && (sub === 'name' || sub === 'value'))
      return ['targetUrlSettings', 'params', index, sub];
    if (key === 'url' || key === 'mode' || key === 'params') return ['targetUrlSettings', key];
    return null;
  }
  return TOP_FIELDS.has(head) ? [head] : null;
}

export function applyCampaignErrors(form: FormInstance, error: unknown): string[] {
  if (!(error instanceof ApiError)) return [];
  const byField = new Map<string, { name: FieldPath; errors: string[] }>();
  const rest: string[] = [];
  for (const item of error.errors) {
    const name = fieldOf(item.loc);
    const text = serverMessageText(item.msg);
    if (!name) {
      rest.push(text);
      continue;
    }
    const key = name.join('.');
    const entry = byField.get(key) ?? { name, errors: [] };
    if (!entry.errors.includes(text)) entry.errors.push(text);
    byField.set(key, entry);
  }
  if (byField.size) form.setFields([...byField.values()]);
  if (error.errors.length === 0) rest.push(error.message);
  return rest;
}
