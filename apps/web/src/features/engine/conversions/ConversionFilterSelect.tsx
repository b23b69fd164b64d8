/**
 * One dependent filter of the conversions list: its choices come from `GET /conversions/filters?filterSlug=…` (the
 * conversions the user reads, narrowed by the other filters in force and by what is typed), each with its count.
 */
import type { ConversionFilterSlug } from '@leadgrid/shared/engine/conversions';
import {
  DependentFilterSelect,
  labelMemory,
  type DependentFilterSelectProps,
  type FilterValue,
} from '../../../components/DependentFilterSelect';
import { useConversionFilterOptions } from './api';
import { useConversionsT } from './i18n';

const memory = labelMemory();

/** list rows know the names of their offers, campaigns, …: chosen ids keep them */
export const noteLabel = (slug: ConversionFilterSlug, value: FilterValue, label: string) => memory.remember(slug, value, label);

export function ConversionFilterSelect(props: DependentFilterSelectProps<ConversionFilterSlug>) {
  const { t } = useConversionsT();
  return (
    <DependentFilterSelect
      width={160}
      {...props}
      useOptions={useConversionFilterOptions}
      searchParam="search"
      memory={memory}
      texts={{ nothing: t('filters.nothing'), failed: t('filters.failed') }}
      testId={`conversion-filter-${props.slug}`}
    />
  );
}
