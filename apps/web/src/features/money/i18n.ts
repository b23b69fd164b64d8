/**
 * Texts of the finance screens (/finance, balances, invoices, the affiliate's /billing, the sidebar's unpaid counts)
 * in the `money` namespace. Status labels come from the app's bundle (`status.<name>`).
 */
import { useTranslation } from 'react-i18next';
import i18n from '../../i18n';
import en from './locales/en.json';
import ru from './locales/ru.json';

export const NS = 'money';

export { en, ru };

i18n.addResourceBundle('en', NS, en, true, true);
i18n.addResourceBundle('ru', NS, ru, true, true);

/** `t` of the finance screens: their own keys first, then the app's (status, table, validation, ...). */
export const useMoneyT = () => useTranslation([NS, 'translation'], { nsMode: 'fallback' });
