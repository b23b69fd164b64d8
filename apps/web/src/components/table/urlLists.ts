import type { Query } from '../../api/client';

/** A list filter's URL value (comma-separated) read back: positive integer ids, or trimmed texts of at most `max` characters. Malformed parts are dropped. */
export const idList = (v: string | undefined): number[] =>
  v
    ? v
        .split(',')
        .map(Number)
        .filter((n) => Number.isInteger(n) && n > 0)
    : [];
export const textList = (v: string | undefined, max = 100): string[] =>
  v
    ? v
        .split(',')
        .map((x) => x.trim())
        .filter((x) => x && x.length <= max)
    : [];

/** the text values of a list query (the URL filters `useTable` puts in it), for a feature's own mapping to the API's query */
export const textValues = (query: Query): Partial<Record<string, string>> =>
  Object.fromEntries(Object.entries(query).filter((e): e is [string, string] => typeof e[1] === 'string'));
