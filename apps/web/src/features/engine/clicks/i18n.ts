/** Texts of the clicks screens (lists, filters, click page, edit) in the `clicks` namespace; shell keys fall back to the app bundle. */
import { useTranslation } from 'react-i18next';
import i18n from '../../../i18n';
import en from './locales/en.json';
import ru from './locales/ru.json';

export const NS = 'clicks';

export { en, ru };

i18n.addResourceBundle('en', NS, en, true, true);
i18n.addResourceBundle('ru', NS, ru, true, true);

export const useClicksT = () => useTranslation([NS, 'translation'], { nsMode: 'fallback' });
