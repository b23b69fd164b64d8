/** Localized names of built-in metrics and their groups (custom groups are shown as typed). */
import { BUILT_IN_METRICS, builtInMetric } from '@leadgrid/shared/insights/metrics';
import { useTranslation } from 'react-i18next';
import { NS } from './i18n';

const BUILT_IN_GROUPS = new Set(BUILT_IN_METRICS.map((m) => m.group));

export function useMetricLabels() {
  const { t } = useTranslation(NS);
  return {
    /** the title of a built-in metric by key, in the interface language */
    label: (key: string) => {
      const m = builtInMetric(key);
      return m ? t(`builtIns.${key}.title`, { defaultValue: m.title }) : key;
    },
    describe: (key: string) => {
      const m = builtInMetric(key);
      return m ? t(`builtIns.${key}.description`, { defaultValue: m.description }) : '';
    },
    group: (name: string) => (BUILT_IN_GROUPS.has(name) ? t(`groups.${name}`, { defaultValue: name }) : name),
  };
}
