/**
 * Server messages in the reader's language (issue 20): a catalogue maps an English message to its translation. A key
 * may hold placeholders (`Country {country} is not accepted`): each stands for any text (`{n}` for a count only),
 * carried over to the translation, itself translated when the catalogue knows it (`{what} not found` with `Offer`),
 * or each item of a list of such values.
 */
export type MessageCatalogue = Readonly<Record<string, string>>;

const PLACEHOLDER = /\{(\w+)\}/g;

interface Pattern {
  re: RegExp;
  names: string[];
  to: string;
}

/** a key's placeholders as `{}`: keys and scanned source texts compare in this form */
export const messageShape = (text: string) => text.replace(PLACEHOLDER, '{}');

const escape = (s: string) => s.replace(/[.*+?^$()|[\]\\{}]/g, '\\$&');

function compile(catalogue: MessageCatalogue): Pattern[] {
  const patterns: Pattern[] = [];
  for (const [key, to] of Object.entries(catalogue)) {
    const names: string[] = [];
    const parts = key.split(PLACEHOLDER);
    if (parts.length === 1) continue;
    // split with a capture group alternates literal text and placeholder names
    const source = parts.map((p, i) => (i % 2 ? (names.push(p), p === 'n' ? '(\\d+)' : '(.+?)') : escape(p))).join('');
    patterns.push({ re: new RegExp(`^${source}$`, 's'), names, to });
  }
  // the longest literal text first: `Lead {id} not found` wins over `{what} not found`
  const literal = (p: Pattern) => p.re.source.replace(/\((\.\+\?|\\d\+)\)/g, '').length;
  return patterns.sort((a, b) => literal(b) - literal(a));
}

const compiled = new WeakMap<MessageCatalogue, Pattern[]>();

function whole(text: string, catalogue: MessageCatalogue, depth: number): string | undefined {
  const exact = catalogue[text];
  if (exact !== undefined) return exact;
  if (depth > 2) return undefined;
  let patterns = compiled.get(catalogue);
  if (!patterns) compiled.set(catalogue, (patterns = compile(catalogue)));
  for (const p of patterns) {
    const m = p.re.exec(text);
    if (!m) continue;
    const values = new Map(p.names.map((name, i) => [name, m[i + 1]]));
    return p.to.replace(PLACEHOLDER, (all, name: string) => {
      const value = values.get(name);
      if (value === undefined) return all;
      // a list of values (`2 paid, 1 declined`): each on its own
      return (
        whole(value, catalogue, depth + 1) ??
        value
          .split(', ')
          .map((v) => whole(v, catalogue, depth + 1) ?? v)
          .join(', ')
      );
    });
  }
  return undefined;
}

/**
 * The translation of a message; a message the catalogue does not know whole is translated clause by clause (a
 * write's message with what it changed too: `3 verticals changed status; stopped 2 offers`), and what is still
 * unknown stays as written.
 */
export function translateMessage(text: string, catalogue: MessageCatalogue): string {
  const found = whole(text, catalogue, 0);
  if (found !== undefined) return found;
  const clauses = text.split(/(?<=[.;:]) (?=\S)/);
  if (clauses.length === 1) return text;
  return clauses
    .map((clause) => {
      const t = whole(clause, catalogue, 0);
      if (t !== undefined) return t;
      const mark = /[.;:]$/.exec(clause)?.[0];
      const body = mark ? whole(clause.slice(0, -1), catalogue, 0) : undefined;
      return body === undefined ? clause : body + mark;
    })
    .join(' ');
}
