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

/**
 * A string as PostgreSQL's JSON reader takes it: a lone surrogate (which JSON.stringify escapes and the reader refuses)
 * becomes U+FFFD, as the driver's UTF-8 encoding of a plain parameter would make it.
 */
export const wellFormed = (s: string): string => s.replace(LONE_SURROGATE, '\ufffd');
