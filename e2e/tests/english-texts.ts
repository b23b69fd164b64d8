/**
 * The English texts of the web app that a Russian screen must not show (issue 20, "Language leftovers"): every string
 * of the English bundles (apps/web/src/i18n/en.json, each feature's or component's locales/en.json, and each
 * `export const en = {…}` of an i18n.ts) that the Russian bundles do not also hold, read from the sources as text.
 * Kept: strings with a word of four letters or more; left out: macros, URLs, keys, abbreviations and interpolation
 * placeholders, which both languages share, and anything a Russian text quotes.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const WEB_SRC = join(dirname(fileURLToPath(import.meta.url)), '../../apps/web/src');

function filesUnder(dir: string, named: RegExp, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) filesUnder(path, named, out);
    else if (named.test(name)) out.push(path);
  }
  return out;
}

/** the text of `export const <name>[: Type] = { … }` (balanced braces, strings skipped) */
function objectText(src: string, name: string): string {
  const m = new RegExp(`export const ${name}(?::[^=]+)? = \\{`).exec(src);
  if (!m) return '';
  const start = m.index + m[0].length - 1;
  let depth = 0;
  let quote: string | null = null;
  for (let i = start; i < src.length; i++) {
    const c = src[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = null;
      continue;
    }
    if (c === "'" || c === '"' || c === '`') quote = c;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return src.slice(start, i + 1);
  }
  return '';
}

/** the string literals of a piece of source (the values; quoted keys are filtered out later as identifiers) */
function literals(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\$]|\\.)*)`/g)) {
    out.push((m[1] ?? m[2] ?? m[3]).replace(/\\(.)/g, '$1'));
  }
  return out;
}

function jsonStrings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) jsonStrings(v, out);
  return out;
}

function bundles(lang: 'en' | 'ru'): Set<string> {
  // the JSON bundles: i18n/<lang>.json and each feature's or component's locales/<lang>.json (or <name>.<lang>.json)
  const all = filesUnder(WEB_SRC, new RegExp(`(^|\\.)${lang}\\.json$`)).flatMap((file) =>
    jsonStrings(JSON.parse(readFileSync(file, 'utf8'))),
  );
  for (const file of filesUnder(join(WEB_SRC, 'features'), /i18n\.tsx?$/).concat(
    filesUnder(join(WEB_SRC, 'components'), /i18n\.tsx?$/),
    filesUnder(join(WEB_SRC, 'app'), /i18n\.tsx?$/),
  )) {
    all.push(...literals(objectText(readFileSync(file, 'utf8'), lang)));
  }
  return new Set(all.map((s) => s.trim()).filter(Boolean));
}

/**
 * The fixed parts of each English text worth looking for on a Russian screen: interpolations (`{{count}}`, `{name}`)
 * and plural suffixes cut the text into pieces; a piece is kept when it has a word of four letters or more and is no
 * key, URL, macro or abbreviation.
 */
export function englishTexts(): string[] {
  const ru = bundles('ru');
  const ruTexts = [...ru];
  const pieces = new Set<string>();
  for (const text of bundles('en')) {
    if (ru.has(text)) continue;
    for (const raw of text.split(/\{\{[^}]*\}\}|\{[^}]*\}|<[^>]*>|\$t\([^)]*\)/)) {
      const piece = raw.trim().replace(/^[\s,.:;·—–-]+|[\s,.:;·—–-]+$/g, '');
      if (piece.length < 4 || ru.has(piece)) continue;
      if (!/[A-Za-z]{4,}/.test(piece)) continue;
      // keys, macros, URLs, file names and abbreviations: the same in both languages
      if (/^[a-z0-9_.:/-]+$/.test(piece) || /^[A-Z0-9_ ]+$/.test(piece) || /https?:|\.[a-z]{2,4}$|@/.test(piece)) continue;
      // a Russian text may quote it (a header name, a product name): not a leftover
      if (ruTexts.some((r) => r.includes(piece))) continue;
      pieces.add(piece);
    }
  }
  return [...pieces];
}
