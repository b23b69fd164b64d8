/** Texts of the shared offer picker, in the `offerPicker` namespace. */
import { useTranslation } from 'react-i18next';
import i18n from '../../i18n';
import en from './locales/en.json';
import ru from './locales/ru.json';

export const NS = 'offerPicker';

export { en, ru };

i18n.addResourceBundle('en', NS, en, true, true);
i18n.addResourceBundle('ru', NS, ru, true, true);

export const useOfferPickerT = () => useTranslation([NS, 'translation'], { nsMode: 'fallback' });
