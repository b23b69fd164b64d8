/** Every English text of the advertiser screens exists in Russian too (plural forms may differ). */
import { expect, it } from 'vitest';
import { en, ru } from './i18n';

type Tree = { [key: string]: string | Tree };
const keys = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string' ? [`${prefix}${k}`.replace(/_(one|few|many|other)$/, '')] : keys(v, `${prefix}${k}.`),
  );

it('has a Russian text for every English key and no Russian key without an English one', () => {
  const russian = new Set(keys(ru as Tree));
  const english = new Set(keys(en as Tree));
  expect([...english].filter((k) => !russian.has(k))).toEqual([]);
  expect([...russian].filter((k) => !english.has(k))).toEqual([]);
});
