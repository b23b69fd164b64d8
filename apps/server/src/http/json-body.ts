/**
 * THE JSON body parser of every route (public and authenticated): a body nested deeper than JSON_MAX_DEPTH objects
 * and arrays is refused with a 400 before it is parsed, so no later walk over it (a clean-up, a schema, a stringify)
 * recurses deep enough to throw. The depth is counted on the text in one loop (no recursion, no parse); below the
 * bound Fastify's own parser runs as before (prototype poisoning refused).
 */
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';

/** deeper than any body the API takes (the deepest, rules with sieves and mappings, stay under 10) */
export const JSON_MAX_DEPTH = 64;

const QUOTE = 34;
const BACKSLASH = 92;
const OPENERS = new Set([123, 91]); // { [
const CLOSERS = new Set([125, 93]); // } ]

/** whether the JSON text nests objects and arrays deeper than `max` (brackets inside strings do not count) */
export function jsonDepthExceeds(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (OPENERS.has(c)) {
      if (++depth > max) return true;
    } else if (CLOSERS.has(c)) depth--;
  }
  return false;
}

/** replaces the root's `application/json` parser (before any route is registered: child contexts copy it) */
export function registerJsonBody(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (jsonDepthExceeds(body as string, JSON_MAX_DEPTH)) {
      const msg = `The JSON body is nested deeper than ${JSON_MAX_DEPTH} levels`;
      done(new AppError('VALIDATION', msg, [{ msg, type: 'depth', loc: ['body'] }]), undefined);
      return;
    }
    parse(req, body as string, done);
  });
}
