/** Texts of the integration guide (/integration-guide) in the `integrationGuide` namespace. */
import { useTranslation } from 'react-i18next';
import i18n from '../../../i18n';
import en from './locales/en.json';
import ru from './locales/ru.json';

export const NS = 'integrationGuide';

export { en, ru };

i18n.addResourceBundle('en', NS, en, true, true);
i18n.addResourceBundle('ru', NS, ru, true, true);

export const useIntegrationGuideT = () => useTranslation([NS, 'translation'], { nsMode: 'fallback' });
