/** Every English text of the verticals screens exists in Russian and the other way round. */
import { expect, it } from 'vitest';
import { en, ru } from './i18n';

type Tree = { [key: string]: string | Tree };
const keys = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string' ? [`${prefix}${k}`.replace(/_(one|few|many|other)$/, '')] : keys(v, `${prefix}${k}.`),
  );

it('every English text exists in Russian and the other way round', () => {
  const a = new Set(keys(en as Tree));
  const b = new Set(keys(ru as Tree));
  expect([...a].filter((k) => !b.has(k))).toEqual([]);
  expect([...b].filter((k) => !a.has(k))).toEqual([]);
});
