/**
 * Texts of the affiliates screens and of the blocking parts the teams screens share (block modal and panel, block
 * history), in the `affiliates` namespace. Person fields and pickers: components/person, components/pickers. Shell keys (status,
 * validation, table) fall back to the app's bundle.
 */
import { useTranslation } from 'react-i18next';
import i18n from '../../../i18n';
import en from './locales/en.json';
import ru from './locales/ru.json';

export const NS = 'affiliates';

export { en, ru };

i18n.addResourceBundle('en', NS, en, true, true);
i18n.addResourceBundle('ru', NS, ru, true, true);

/** `t` of this feature: its own keys first, then the app's (status, table, validation, ...). */
export const useAffiliatesT = () => useTranslation([NS, 'translation'], { nsMode: 'fallback' });
