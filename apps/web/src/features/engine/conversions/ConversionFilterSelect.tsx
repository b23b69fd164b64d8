/**
 * One dependent filter of the conversions list: its choices come from `GET /conversions/filters?filterSlug=…` (the
 * conversions the user reads, narrowed by the other filters in force and by what is typed), each with its count.
 * `noteLabel`: list rows know the names of their offers, campaigns, …: chosen ids keep them.
 */
import type { ConversionFilterSlug } from '@leadgrid/shared/engine/conversions';
import { listFilterSelect } from '../../../components/DependentFilterSelect';
import { useConversionFilterOptions } from './api';
import { useConversionsT } from './i18n';

export const { FilterSelect: ConversionFilterSelect, remember: noteLabel } = listFilterSelect<ConversionFilterSlug>({
  width: 160,
  useOptions: useConversionFilterOptions,
  searchParam: 'search',
  testPrefix: 'conversion-filter',
  useTexts: () => {
    const { t } = useConversionsT();
    return { nothing: t('filters.nothing'), failed: t('filters.failed') };
  },
});
