/**
 * Texts of the shared sieve controls (SieveEditor, SieveSummary, the sieve column picker), in the `sieve` namespace.
 * Shell keys (status, validation) fall back to the app's bundle.
 */
import { useTranslation } from 'react-i18next';
import i18n from '../../i18n';
import en from './locales/en.json';
import ru from './locales/ru.json';

export const NS = 'sieve';

export { en, ru };

i18n.addResourceBundle('en', NS, en, true, true);
i18n.addResourceBundle('ru', NS, ru, true, true);

/** `t` of the sieve controls: their own keys first, then the app's (status, validation, ...). */
export const useSieveT = () => useTranslation([NS, 'translation'], { nsMode: 'fallback' });
