/**
 * One dependent filter of the lead list (product §7 "dependent filters by filterSlug and timezone with server search"):
 * its choices come from `GET /leads/filters?filterSlug=…&search=…` narrowed by the other filters in force and by what is
 * typed, each with its lead count.
 */
import type { LeadFilterSlug } from '@leadgrid/shared/engine/leads';
import {
  DependentFilterSelect,
  labelMemory,
  type DependentFilterSelectProps,
  type FilterValue,
} from '../../../components/DependentFilterSelect';
import { useLeadFilterOptions } from './api';
import { useLeadsT } from './i18n';

const memory = labelMemory();

/** Remembers the label of a value (list rows know the titles of their offers, affiliates, …). */
export const rememberLabel = (slug: LeadFilterSlug, value: FilterValue, label: string) => memory.remember(slug, value, label);

export function FilterSelect(props: DependentFilterSelectProps<LeadFilterSlug>) {
  const { t } = useLeadsT();
  return (
    <DependentFilterSelect
      width={180}
      {...props}
      useOptions={useLeadFilterOptions}
      searchParam="search"
      memory={memory}
      texts={{ nothing: t('filters.nothing'), failed: t('filters.failed') }}
      testId={`lead-filter-${props.slug}`}
    />
  );
}
