/** What a route or menu item needs: one permission, any of several, or a rule on the user. */
import { can, STAFF_ROLE_TYPES, type AccessSubject } from '@leadgrid/shared/access/permissions';
import { createStore, useStore } from '../api/store';

export type Access = string | readonly string[] | ((subject: AccessSubject) => boolean);

export function allowed(subject: AccessSubject | null | undefined, access: Access | undefined): boolean {
  if (access === undefined) return true;
  if (!subject) return false;
  return typeof access === 'function' ? access(subject) : can(subject, access);
}

export const isAffiliate = (s: AccessSubject) => s.roleType === 'affiliate';
export const isStaff = (s: AccessSubject) => STAFF_ROLE_TYPES.includes(s.roleType);
export const all =
  (...parts: Access[]) =>
  (s: AccessSubject) =>
    parts.every((p) => allowed(s, p));
export const any =
  (...parts: Access[]) =>
  (s: AccessSubject) =>
    parts.some((p) => allowed(s, p));

/** affiliate and team postbacks: staff in their people scope, affiliates their own (the /postbacks routes, and the
 * global postback page's link to them) */
export const postbackRead = any('postback.read', 'postback.own.read');

/** Product §6: a route opened without its permission sets this flag; the layout warns once and clears it. */
export const wrongPermissionsStore = createStore(false);
export const useWrongPermissions = () => useStore(wrongPermissionsStore);
