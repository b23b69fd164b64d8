/** Texts of the shared period controls (the day-range filter and its presets), in the `period` namespace. */
import { useTranslation } from 'react-i18next';
import i18n from '../../i18n';

export const NS = 'period';

export const en = {
  dateFrom: 'Created from',
  dateTo: 'to',
  created: 'Created',
  from: 'From',
  to: 'To',
  clear: 'Clear the period',
  presetsLabel: 'Periods',
  presets: {
    today: 'Today',
    last7Days: 'Last 7 days',
    last30Days: 'Last 30 days',
    last3Months: 'Last 3 months',
    monthStart: 'Month to date',
  },
};

export const ru: typeof en = {
  dateFrom: 'Создан с',
  dateTo: 'по',
  created: 'Создан',
  from: 'С',
  to: 'По',
  clear: 'Сбросить период',
  presetsLabel: 'Периоды',
  presets: {
    today: 'Сегодня',
    last7Days: 'Последние 7 дней',
    last30Days: 'Последние 30 дней',
    last3Months: 'Последние 3 месяца',
    monthStart: 'С начала месяца',
  },
};

i18n.addResourceBundle('en', NS, en, true, true);
i18n.addResourceBundle('ru', NS, ru, true, true);

export const usePeriodT = () => useTranslation(NS);
