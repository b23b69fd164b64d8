/**
 * One dependent filter of the clicks lists: its values come from `GET /clicks/filters?slug=…&query=…` (the clicks the
 * user may read in the period, narrowed by the other filters in force and by what is typed), each with its click count.
 */
import type { ClickFilterSlug } from '@leadgrid/shared/engine/clicks';
import { listFilterSelect } from '../../../components/DependentFilterSelect';
import { useClickFilterOptions } from './api';
import { useClicksT } from './i18n';

export const { FilterSelect: ClickFilterSelect } = listFilterSelect<ClickFilterSlug>({
  width: 160,
  useOptions: useClickFilterOptions,
  searchParam: 'query',
  testPrefix: 'click-filter',
  useTexts: () => {
    const { t } = useClicksT();
    return { nothing: t('filters.noOptions'), failed: t('filters.noOptions') };
  },
});
