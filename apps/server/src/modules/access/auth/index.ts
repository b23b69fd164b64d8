/** The auth domain's surface for other domains (style §1). */
export { afterCredentialsChange } from './account-mail';
export { revokeAllOfUser } from './sessions';
