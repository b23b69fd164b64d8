/** Texts of the employees screens (namespace 'employees'); shell keys (status, table, validation, ...) fall back to the app's bundle. */
import type { RoleType } from '@leadgrid/shared/access/permissions';
import { useTranslation } from 'react-i18next';
import i18n from '../../../i18n';
import en from './locales/en.json';
import ru from './locales/ru.json';

export const NS = 'employees';

export const ROLE_COLORS: Record<RoleType, string> = {
  admin: 'magenta',
  affiliate_manager: 'geekblue',
  advertiser_manager: 'cyan',
  advertiser_member: 'orange',
  employee: 'purple',
  affiliate: 'green',
};

export { en, ru };

i18n.addResourceBundle('en', NS, en, true, true);
i18n.addResourceBundle('ru', NS, ru, true, true);

/** `t` of this feature: its own keys first, then the app's (status, table, validation, ...). */
export const useEmployeesT = () => useTranslation([NS, 'translation'], { nsMode: 'fallback' });
