/**
 * Every English resource file of the web app (`en.json`, `<name>.en.json`) has a Russian twin beside it with the same
 * keys (plural forms may differ: Russian has `_few` and `_many`), no empty text, and the same `{{placeholders}}` in
 * each key. The texts are JSON, so this test is the check `ru: typeof en` was in TypeScript (docs/decisions/web.md).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = dirname(dirname(fileURLToPath(import.meta.url)));

type Tree = { [key: string]: string | Tree };
const PLURAL = /_(zero|one|two|few|many|other)$/;

/** every text of a tree by its dotted key */
const texts = (tree: Tree, prefix = ''): [key: string, text: string][] =>
  Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string' ? [[`${prefix}${k}`, v] as [string, string]] : texts(v, `${prefix}${k}.`),
  );

/** the placeholders of each key, plural forms merged under the key without its suffix (`_one` may leave out {{count}}) */
function placeholders(tree: Tree): Map<string, string[]> {
  const out = new Map<string, Set<string>>();
  for (const [key, text] of texts(tree)) {
    const base = key.replace(PLURAL, '');
    const names = out.get(base) ?? new Set<string>();
    for (const m of text.matchAll(/\{\{\s*([^},\s]+)[^}]*\}\}/g)) names.add(m[1]);
    out.set(base, names);
  }
  return new Map([...out].map(([k, v]) => [k, [...v].sort()]));
}

const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Tree;

const pairs = (readdirSync(src, { recursive: true, encoding: 'utf8' }) as string[])
  .filter((file) => /(^|[/\\.])en\.json$/.test(file))
  .map((file) => [relative(src, join(src, file)), join(src, file), join(src, file).replace(/en\.json$/, 'ru.json')] as const)
  .sort(([a], [b]) => a.localeCompare(b));

it('finds the resource files', () => {
  expect(pairs.length).toBeGreaterThan(40);
  expect(pairs.map(([name]) => name)).toContain('i18n/en.json');
});

describe.each(pairs)('%s', (_name, enFile, ruFile) => {
  it('has a Russian twin with the same keys and placeholders and no empty text', () => {
    expect(existsSync(ruFile)).toBe(true);
    const en = read(enFile);
    const ru = read(ruFile);
    const enKeys = placeholders(en);
    const ruKeys = placeholders(ru);
    const problems = [
      ...[...enKeys.keys()].filter((key) => !ruKeys.has(key)).map((key) => `${key}: no Russian text`),
      ...[...ruKeys.keys()].filter((key) => !enKeys.has(key)).map((key) => `${key}: no English text`),
      ...[...enKeys]
        .filter(([key, names]) => ruKeys.has(key) && names.join() !== ruKeys.get(key)?.join())
        .map(([key, names]) => `${key}: placeholders en {{${names.join('}} {{')}}} / ru {{${ruKeys.get(key)?.join('}} {{')}}}`),
      ...texts(en)
        .filter(([, text]) => !text.trim())
        .map(([key]) => `${key}: empty English text`),
      ...texts(ru)
        .filter(([, text]) => !text.trim())
        .map(([key]) => `${key}: empty Russian text`),
    ];
    expect(problems).toEqual([]);
  });
});
