/** Every English text of the shared parts' bundles (list parts, person parts, pickers, permission editor) exists in Russian too. */
import { expect, it } from 'vitest';
import * as listing from './listing/i18n';
import * as permissions from './permissions/i18n';
import * as person from './person/i18n';
import * as pickers from './pickers/i18n';

type Tree = { [key: string]: string | Tree };
const keys = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string' ? [`${prefix}${k}`.replace(/_(one|few|many|other)$/, '')] : keys(v, `${prefix}${k}.`),
  );

it.each([
  ['listing', listing],
  ['permissionEditor', permissions],
  ['person', person],
  ['pickers', pickers],
])('has a Russian text for every English key of %s', (_name, bundle) => {
  const russian = new Set(keys(bundle.ru as Tree));
  expect(keys(bundle.en as Tree).filter((k) => !russian.has(k))).toEqual([]);
});
