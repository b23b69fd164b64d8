/** Texts of the profile screens (namespace 'profile'); shell keys (nav, auth, validation, ...) fall back to the app's bundle. */
import { useTranslation } from 'react-i18next';
import i18n from '../../../i18n';
import en from './locales/en.json';
import ru from './locales/ru.json';

export const NS = 'profile';

export { en, ru };

i18n.addResourceBundle('en', NS, en, true, true);
i18n.addResourceBundle('ru', NS, ru, true, true);

/** `t` of this feature: its own keys first, then the app's (nav, auth, validation, table, ...). */
export const useProfileT = () => useTranslation([NS, 'translation'], { nsMode: 'fallback' });
