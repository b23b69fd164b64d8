/** Every English text of the landing API screens exists in Russian too (plural forms may differ). */
import { expect, it } from 'vitest';
import * as landingsApi from './i18n';

type Tree = { [key: string]: string | Tree };
const keys = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string' ? [`${prefix}${k}`.replace(/_(one|few|many|other)$/, '')] : keys(v, `${prefix}${k}.`),
  );

it('has a Russian text for every English key of the landing API', () => {
  const russian = new Set(keys(landingsApi.ru as Tree));
  expect(keys(landingsApi.en as Tree).filter((k) => !russian.has(k))).toEqual([]);
});
