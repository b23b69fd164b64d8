/**
 * Texts of the person parts the people and sell-side screens share (account fields, contacts, password, the
 * status and traffic cells), in the `person` namespace. Shell keys (status, validation) fall back to the app's bundle.
 */
import { useTranslation } from 'react-i18next';
import i18n from '../../i18n';
import en from './locales/en.json';
import ru from './locales/ru.json';

export const NS = 'person';

export { en, ru };

i18n.addResourceBundle('en', NS, en, true, true);
i18n.addResourceBundle('ru', NS, ru, true, true);

/** `t` of the person parts: their own keys first, then the app's. */
export const usePersonT = () => useTranslation([NS, 'translation'], { nsMode: 'fallback' });
