/** The search box of the list pages: a text matched anywhere in a column, case-insensitively, taken literally. */
import { ilike, type SQL } from 'drizzle-orm';

/** The text with the wildcards of LIKE (`%`, `_`) and its escape (`\`) taken literally */
export const escapeLike = (search: string) => search.replace(/[\\%_]/g, '\\$&');

/** `%search%` for ILIKE, with the wildcards of the search itself taken literally */
export const contains = (search: string) => `%${escapeLike(search)}%`;

/** `column ILIKE '%search%'`, the search taken literally */
export const ilikeContains = (column: Parameters<typeof ilike>[0], search: string): SQL => ilike(column, contains(search));
