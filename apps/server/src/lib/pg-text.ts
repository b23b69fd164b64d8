/**
 * PostgreSQL text takes no NUL character, and its JSON reader no lone surrogate: one in a visitor's or affiliate's
 * value would fail a whole batch, again at every retry. Both are dropped.
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const SURROGATE = /[\ud800-\udfff]/;

export function pgText<T extends string | null | undefined>(s: T): T {
  if (typeof s !== 'string') return s;
  let out: string = s;
  if (out.includes('\u0000')) out = out.replaceAll('\u0000', '');
  return (SURROGATE.test(out) ? out.replace(LONE_SURROGATE, '') : out) as T;
}
