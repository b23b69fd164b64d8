/** Texts of the shared export button, in the `export` namespace. */
import { useTranslation } from 'react-i18next';
import i18n from '../../i18n';

export const NS = 'export';

export const en = {
  button: 'Export',
  hint: {
    leads: 'Export the leads of these filters to CSV',
    clicks: 'Export the clicks of these filters to CSV',
    conversions: 'Export the conversions of these filters to CSV',
    statistics: 'Export this table (every row of the first level) to CSV or Excel',
    statistics_leads: 'Export these lead outcomes (every row of the first level, with statuses, rates and grades) to CSV or Excel',
  },
  format: { csv: 'CSV', xlsx: 'Excel (XLSX)' },
  starting: 'Starting the export…',
  progress: 'Exporting: {{done}} of {{total}} rows',
  progressUnknown: 'Exporting: {{done}} rows',
  done: 'The export is ready: {{file}}',
  failed: 'The export failed',
};

export const ru: typeof en = {
  button: 'Выгрузить',
  hint: {
    leads: 'Выгрузить лиды по этим фильтрам в CSV',
    clicks: 'Выгрузить клики по этим фильтрам в CSV',
    conversions: 'Выгрузить конверсии по этим фильтрам в CSV',
    statistics: 'Выгрузить эту таблицу (все строки первого уровня) в CSV или Excel',
    statistics_leads: 'Выгрузить эти итоги по лидам (все строки первого уровня, со статусами, долями и оценками) в CSV или Excel',
  },
  format: { csv: 'CSV', xlsx: 'Excel (XLSX)' },
  starting: 'Запускаем выгрузку…',
  progress: 'Выгрузка: {{done}} из {{total}} строк',
  progressUnknown: 'Выгрузка: {{done}} строк',
  done: 'Выгрузка готова: {{file}}',
  failed: 'Выгрузка не удалась',
};

i18n.addResourceBundle('en', NS, en, true, true);
i18n.addResourceBundle('ru', NS, ru, true, true);

export const useExportT = () => useTranslation(NS);
