/** The roles domain's surface for other domains (architecture §layout). */
export { assertMayGive, permissionsOf, roleChangeGrants } from './grants';
export { permissionCatalogue } from './roles.service';
