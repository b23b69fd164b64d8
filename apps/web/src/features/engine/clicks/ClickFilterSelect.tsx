/**
 * One dependent filter of the clicks lists: its values come from `GET /clicks/filters?slug=…&query=…` (the clicks the
 * user may read in the period, narrowed by the other filters in force and by what is typed), each with its click count.
 */
import type { ClickFilterSlug } from '@leadgrid/shared/engine/clicks';
import { DependentFilterSelect, labelMemory, type DependentFilterSelectProps } from '../../../components/DependentFilterSelect';
import { useClickFilterOptions } from './api';
import { useClicksT } from './i18n';

const memory = labelMemory();

export function ClickFilterSelect(props: DependentFilterSelectProps<ClickFilterSlug>) {
  const { t } = useClicksT();
  return (
    <DependentFilterSelect
      width={160}
      {...props}
      useOptions={useClickFilterOptions}
      searchParam="query"
      memory={memory}
      texts={{ nothing: t('filters.noOptions'), failed: t('filters.noOptions') }}
      testId={`click-filter-${props.slug}`}
    />
  );
}
