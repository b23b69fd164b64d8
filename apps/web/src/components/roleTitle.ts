/**
 * How a role is named on screen: a system role whose title is still the one it was seeded with (SYSTEM_ROLE_TITLES)
 * in the reader's language, any other title as written (docs/decisions/web.md "The Russian walk").
 */
import { SYSTEM_ROLE_TITLES, type RoleType } from '@leadgrid/shared/access/permissions';
import { useTranslation } from 'react-i18next';

export function useRoleTitle(): (role: { title: string; type: RoleType }) => string {
  const { t } = useTranslation();
  return (role) => (role.title === SYSTEM_ROLE_TITLES[role.type] ? t(`systemRoles.${role.type}`) : role.title);
}
