/**
 * Server errors of an item write land on nested fields: `['body','items',0,'fields',1,'pattern']` is the form field
 * `['fields',1,'pattern']`, `['body','items',0,'values','iban']` is `['values','iban']`. The shared adapter handles
 * top-level fields only; this one follows the whole path and answers what could not be placed.
 */
import type { FormInstance } from 'antd/es/form';
import { ApiError, serverMessageText } from '../../../api/client';

type Path = (string | number)[];

function has(values: unknown, path: Path): boolean {
  let cur: unknown = values;
  for (const key of path) {
    if (cur === null || typeof cur !== 'object' || !(key in (cur as Record<string | number, unknown>))) return false;
    cur = (cur as Record<string | number, unknown>)[key];
  }
  return true;
}

/** `loc` without its request prefix: ['body','items',i,...] or ['body','data',...] or ['body',...]. */
export function fieldPath(loc: readonly (string | number)[]): Path {
  const rest = loc[0] === 'body' ? loc.slice(1) : [...loc];
  if (rest[0] === 'items' && typeof rest[1] === 'number') return rest.slice(2);
  if (rest[0] === 'data') return rest.slice(1);
  return rest;
}

export function applyNestedErrors(
  form: FormInstance,
  error: unknown,
  text: (msg: string, path: Path) => string = (msg) => serverMessageText(msg),
): string[] {
  if (!(error instanceof ApiError)) return [];
  const values = form.getFieldsValue(true);
  const byField = new Map<string, { name: Path; errors: string[] }>();
  const rest: string[] = [];
  for (const item of error.errors) {
    const path = fieldPath(item.loc);
    const message = text(item.msg, path);
    if (path.length && has(values, path)) {
      const key = JSON.stringify(path);
      const entry = byField.get(key) ?? { name: path, errors: [] };
      entry.errors.push(message);
      byField.set(key, entry);
    } else rest.push(message);
  }
  if (byField.size) form.setFields([...byField.values()]);
  if (error.errors.length === 0) rest.push(error.message);
  return rest;
}
