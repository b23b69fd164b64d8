/**
 * One dependent filter of the lead list (product §7 "dependent filters by filterSlug and timezone with server search"):
 * its choices come from `GET /leads/filters?filterSlug=…&search=…` narrowed by the other filters in force and by what is
 * typed, each with its lead count. `rememberLabel` keeps the label of a value (list rows know the titles of their
 * offers, affiliates, …).
 */
import type { LeadFilterSlug } from '@leadgrid/shared/engine/leads';
import { listFilterSelect } from '../../../components/DependentFilterSelect';
import { useLeadFilterOptions } from './api';
import { useLeadsT } from './i18n';

export const { FilterSelect, remember: rememberLabel } = listFilterSelect<LeadFilterSlug>({
  width: 180,
  useOptions: useLeadFilterOptions,
  searchParam: 'search',
  testPrefix: 'lead-filter',
  useTexts: () => {
    const { t } = useLeadsT();
    return { nothing: t('filters.nothing'), failed: t('filters.failed') };
  },
});
