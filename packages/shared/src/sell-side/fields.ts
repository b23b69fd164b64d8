/**
 * Field builders of the sell-side schemas (not part of the package index: the sell-side files share them).
 */
import { z } from 'zod';

export const m = (message: string) => ({ message });

export const zName = () => z.string(m('required')).trim().min(1, m('required')).max(100, m('maxlength'));

export const zKey = () => zName().regex(/^[A-Za-z_][A-Za-z0-9_.-]*$/, m('pattern'));

export const zText = (max = 2000) => z.string(m('maxlength')).max(max, m('maxlength'));

/** a JSON path in an answer: dotted keys and array indexes (`data.items.0.id`) */
export const zJsonPath = () =>
  z
    .string(m('pattern'))
    .trim()
    .max(200, m('maxlength'))
    .regex(/^[A-Za-z0-9_$-]+(\.[A-Za-z0-9_$-]+)*$/, m('pattern'));

export const optionalPath = () =>
  zJsonPath()
    .optional()
    .or(z.literal('').transform(() => undefined));

/** the items of a list must be unique by a key: the duplicates are reported on that key */
export function uniqueBy<T>(key: (x: T) => string, field: string) {
  return (list: T[], ctx: z.RefinementCtx) => {
    const seen = new Set<string>();
    list.forEach((x, i) => {
      const k = key(x).toLowerCase();
      if (seen.has(k)) ctx.addIssue({ code: 'custom', message: 'unique', path: [i, field] });
      seen.add(k);
    });
  };
}

export const headerSchema = z.object({ name: zName().regex(/^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/, m('pattern')), value: zText() });

export const ref = z.object({ id: z.number().int(), title: z.string() });
