/** Every English text of the offer tabs and the landing API screens exists in Russian too (plural forms may differ). */
import { expect, it } from 'vitest';
import * as landingsApi from '../../landers-api/i18n';
import * as tabs from './i18n';

type Tree = { [key: string]: string | Tree };
const keys = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string' ? [`${prefix}${k}`.replace(/_(one|few|many|other)$/, '')] : keys(v, `${prefix}${k}.`),
  );

it.each([
  ['offer tabs', tabs],
  ['landing API', landingsApi],
])('has a Russian text for every English key of the %s', (_name, bundle) => {
  const russian = new Set(keys(bundle.ru as Tree));
  expect(keys(bundle.en as Tree).filter((k) => !russian.has(k))).toEqual([]);
});
