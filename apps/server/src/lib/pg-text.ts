/**
 * Text PostgreSQL refuses: a NUL character (in text and in jsonb, keys included). The hot paths that write in batches
 * check for it up front, so one such value is refused alone with a clear 400 instead of failing a whole batch.
 */
export function findNul(value: unknown, path: string[] = []): string[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (value === null || typeof value !== 'object') return null;
  for (const [k, v] of Object.entries(value)) {
    if (k.includes('\u0000')) return [...path, k.replaceAll('\u0000', '')];
    const found = findNul(v, [...path, k]);
    if (found) return found;
  }
  return null;
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const SURROGATE = /[\ud800-\udfff]/;

/**
 * A string as PostgreSQL takes it in text, jsonb and its JSON reader: a NUL character dropped, a lone surrogate
 * (which JSON.stringify escapes and the reader refuses) replaced by `lone` — U+FFFD by default, as the driver's UTF-8
 * encoding of a plain parameter would make it.
 */
export function pgSafe(s: string, lone = '\ufffd'): string {
  if (s.includes('\u0000')) s = s.replaceAll('\u0000', '');
  return SURROGATE.test(s) ? s.replace(LONE_SURROGATE, lone) : s;
}

/** JSON.stringify's escapes of what PostgreSQL refuses (or a literal backslash-u, which only costs the careful path) */
const SUSPECT = /\\u0000|\\ud[89a-f]/i;

/**
 * A batch as one JSON parameter. The plain JSON.stringify is the common case; only a text with a NUL or a lone
 * surrogate in it is made again with every string made safe (the intakes refuse NUL in what affiliates and
 * advertisers post, so this drops only NULs of a partner's answer, e.g. an advertiser's response body).
 */
export function pgJson(value: unknown): string {
  const text = JSON.stringify(value);
  return SUSPECT.test(text) ? JSON.stringify(value, (_k, v: unknown) => (typeof v === 'string' ? pgSafe(v) : v)) : text;
}
