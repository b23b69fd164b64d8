/** The roles domain's surface for other domains (style §1). */
export { assertMayGive, permissionsOf, roleChangeGrants } from './grants';
export { permissionCatalogue } from './roles.service';
