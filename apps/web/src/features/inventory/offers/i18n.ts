/**
 * Texts of the offer screens (staff list, create drawer, bulk edit, offer page with tabs general, affiliates and
 * targeting, the affiliate list and offer page), in the `offers` namespace. Shell keys (status, validation, table)
 * fall back to the app's bundle.
 */
import { useTranslation } from 'react-i18next';
import i18n from '../../../i18n';
import en from './locales/en.json';
import ru from './locales/ru.json';

export const NS = 'offers';

export { en, ru };

i18n.addResourceBundle('en', NS, en, true, true);
i18n.addResourceBundle('ru', NS, ru, true, true);

/** `t` of this feature: its own keys first, then the app's (status, table, validation, ...). */
export const useOffersT = () => useTranslation([NS, 'translation'], { nsMode: 'fallback' });
