/** Every English text of the offer tabs exists in Russian too (plural forms may differ). */
import { expect, it } from 'vitest';
import * as tabs from './i18n';

type Tree = { [key: string]: string | Tree };
const keys = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string' ? [`${prefix}${k}`.replace(/_(one|few|many|other)$/, '')] : keys(v, `${prefix}${k}.`),
  );

it('has a Russian text for every English key of the offer tabs', () => {
  const russian = new Set(keys(tabs.ru as Tree));
  expect(keys(tabs.en as Tree).filter((k) => !russian.has(k))).toEqual([]);
});
