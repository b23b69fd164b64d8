/** The shared sieve controls: editor, summary, display settings (product §3 "Sieve rules", §9 sieve display settings). */
export { SieveEditor, sieveRule, type SieveEditorProps } from './SieveEditor';
export { CountrySelect, LanguageSelect } from './pickers';
export { SieveSummary, SieveValue, type SieveSummaryProps } from './SieveSummary';
export { SieveColumnsPicker, sieveColumns } from './SieveColumns';
export { useSieveDisplaySettings, useCountries, useLanguages, useRefTitles } from './api';
export {
  sieveServerErrors,
  sieveErrorsFromItems,
  sieveProblems,
  sieveOf,
  normalizeSieve,
  isOpenSieve,
  formatDays,
  type SieveErrors,
} from './model';
export { useSieveT } from './i18n';
