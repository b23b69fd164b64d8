/**
 * The creative form without React: values from a creative, the create and edit items, and the checks of a file before
 * it is uploaded (the type's extensions, under 50 MB) so a wrong file is refused without sending 50 MB first.
 */
import {
  CREATIVE_CONTENT,
  CREATIVE_TYPE_EXTENSIONS,
  creativeHasFile,
  fileExtension,
  type Creative,
  type CreativeCreate,
  type CreativeTypeInfo,
  type CreativeUpdate,
} from '@leadgrid/shared/inventory/landers';
import { CREATIVE_FILE_MAX_BYTES, type CreativeType, type Sieve } from '@leadgrid/shared/inventory/sieves';
import { sieveOf } from '../../../../components/sieve/model';
import { sameSieve } from './decimals';

export interface CreativeValues {
  type: CreativeType;
  description: string;
  content: string;
  status: 'active' | 'inactive';
  sieve: Sieve;
}

export function creativeValuesOf(c: Creative | null): CreativeValues {
  return {
    type: c?.type ?? 'image',
    description: c?.description ?? '',
    content: c?.content ?? '',
    status: c?.status ?? 'active',
    sieve: sieveOf('creatives', c?.sieve),
  };
}

function itemOf(v: CreativeValues): Omit<CreativeCreate, 'offerId'> {
  return {
    type: v.type,
    description: v.description ?? '',
    // text and link creatives carry a content; the others none
    content: CREATIVE_CONTENT[v.type] ? (v.content ?? '').trim() : null,
    status: v.status,
    sieve: sieveOf('creatives', v.sieve),
  };
}

export const creativeCreateItem = (offerId: number, v: CreativeValues): CreativeCreate => ({ offerId, ...itemOf(v) });

export function creativeUpdateItem(c: Creative, v: CreativeValues): CreativeUpdate {
  const next = itemOf(v);
  const before = itemOf(creativeValuesOf(c));
  const item: CreativeUpdate = { id: c.id };
  for (const key of Object.keys(next) as (keyof typeof next)[]) {
    const changed = key === 'sieve' ? !sameSieve(next.sieve as Sieve, before.sieve as Sieve) : next[key] !== before[key];
    if (changed) (item as Record<string, unknown>)[key] = next[key];
  }
  return item;
}

/** the extensions a type accepts: the server's list when loaded, else the shared one */
export const extensionsOf = (type: CreativeType, types?: readonly CreativeTypeInfo[]): readonly string[] =>
  types?.find((x) => x.type === type)?.extensions ?? CREATIVE_TYPE_EXTENSIONS[type];

export type FileProblem = { code: 'extension'; extensions: readonly string[] } | { code: 'tooLarge'; maxBytes: number };

/** Why a file cannot be a creative of this type, or null. */
export function fileProblem(
  file: { name: string; size: number },
  type: CreativeType,
  types?: readonly CreativeTypeInfo[],
): FileProblem | null {
  const extensions = extensionsOf(type, types);
  if (!extensions.includes(fileExtension(file.name))) return { code: 'extension', extensions };
  const maxBytes = types?.find((x) => x.type === type)?.maxBytes ?? CREATIVE_FILE_MAX_BYTES;
  if (file.size > maxBytes) return { code: 'tooLarge', maxBytes };
  return null;
}

export { creativeHasFile };

/** 1536 -> '1.5 KB', 52428800 -> '50 MB' */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value >= 10 ? Math.round(value) : Math.round(value * 10) / 10} ${units[unit]}`;
}
