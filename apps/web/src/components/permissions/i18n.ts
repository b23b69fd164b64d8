/** Texts of the permission picker and the permission change summary, in the `permissionEditor` namespace. */
import { useTranslation } from 'react-i18next';
import i18n from '../../i18n';
import en from './locales/en.json';
import ru from './locales/ru.json';

export const NS = 'permissionEditor';

export { en, ru };

i18n.addResourceBundle('en', NS, en, true, true);
i18n.addResourceBundle('ru', NS, ru, true, true);

export const usePermissionEditorT = () => useTranslation([NS, 'translation'], { nsMode: 'fallback' });
