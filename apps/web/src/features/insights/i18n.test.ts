/** Every English text of this screen exists in Russian too (plural forms may differ). */
import { expect, it } from 'vitest';
import { en, ru } from './i18n';

type Tree = { [key: string]: string | Tree };
const keys = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string' ? [`${prefix}${k}`.replace(/_(one|few|many|other)$/, '')] : keys(v, `${prefix}${k}.`),
  );

it('has a Russian text for every English key', () => {
  const russian = new Set(keys(ru as Tree));
  expect(keys(en as Tree).filter((k) => !russian.has(k))).toEqual([]);
});
