/**
 * Server errors of a section edit land on the exact row and field: `loc` ['body','data','mappings',2,'field'] is the
 * form field ['mappings',2,'field']. A section whose data is a list is edited as the form field `rows`, so
 * ['body','data',2,'leadStatus'] becomes ['rows',2,'leadStatus']. An error on an item of a plain value list
 * (['ipAllowList',1], a goal id) belongs to that list's field. Answers the messages that name no field of the form.
 */
import type { FormInstance } from 'antd/es/form';
import { ApiError, serverMessageText } from '../../../api/client';

export type Path = (string | number)[];

/** the form path of an error's loc: the request prefix dropped, a list section's rows under `listField` */
export function sectionPath(loc: readonly (string | number)[], listField?: string): Path {
  let rest: Path = loc[0] === 'body' ? loc.slice(1) : [...loc];
  if (rest[0] === 'data') rest = rest.slice(1);
  return listField ? [listField, ...rest] : rest;
}

function valueAt(values: unknown, path: Path): { found: boolean; value: unknown } {
  let cur: unknown = values;
  for (const key of path) {
    if (cur === null || typeof cur !== 'object' || !(key in (cur as Record<string | number, unknown>)))
      return { found: false, value: undefined };
    cur = (cur as Record<string | number, unknown>)[key];
  }
  return { found: true, value: cur };
}

/** The field an error belongs to: the path itself, a missing key of an existing row, or the list holding an item. */
export function fieldFor(values: unknown, path: Path): Path | null {
  if (!path.length) return null;
  const parent = valueAt(values, path.slice(0, -1));
  if (!parent.found) return null;
  // an item of a plain list (['ipAllowList', 1] or ['rows', 0] of a list of ids) is shown on the list
  if (Array.isArray(parent.value) && typeof path[path.length - 1] === 'number') {
    const item = (parent.value as unknown[])[path[path.length - 1] as number];
    if (item === null || typeof item !== 'object') return path.slice(0, -1);
  }
  if (parent.value === null || typeof parent.value !== 'object') return null;
  // a list of rows (a Form.List) has no field of its own to show a message on
  const own = valueAt(values, path).value;
  if (Array.isArray(own) && own.some((x) => x !== null && typeof x === 'object')) return null;
  // a row field never filled in (an optional grade) is still that row's field
  return path;
}

export function applySectionErrors(form: FormInstance, error: unknown, listField?: string): string[] {
  if (!(error instanceof ApiError)) return [];
  const values = form.getFieldsValue(true);
  const byField = new Map<string, { name: Path; errors: string[] }>();
  const rest: string[] = [];
  for (const item of error.errors) {
    const text = serverMessageText(item.msg);
    const name = fieldFor(values, sectionPath(item.loc, listField));
    if (!name) {
      rest.push(text);
      continue;
    }
    const key = JSON.stringify(name);
    const entry = byField.get(key) ?? { name, errors: [] };
    if (!entry.errors.includes(text)) entry.errors.push(text);
    byField.set(key, entry);
  }
  if (byField.size) form.setFields([...byField.values()]);
  if (error.errors.length === 0) rest.push(error.message);
  return rest;
}
