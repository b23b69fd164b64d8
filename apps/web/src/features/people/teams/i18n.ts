/** Texts of the teams screens (namespace 'teams'); shell keys (status, table, validation, ...) fall back to the app's bundle. */
import { useTranslation } from 'react-i18next';
import i18n from '../../../i18n';
import en from './locales/en.json';
import ru from './locales/ru.json';

export const NS = 'teams';

export { en, ru };

i18n.addResourceBundle('en', NS, en, true, true);
i18n.addResourceBundle('ru', NS, ru, true, true);

/** `t` of this feature: its own keys first, then the app's (status, table, validation, ...). */
export const useTeamsT = () => useTranslation([NS, 'translation'], { nsMode: 'fallback' });
