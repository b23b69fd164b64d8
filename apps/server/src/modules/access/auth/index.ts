/** The auth domain's surface for other domains (architecture §layout). */
export { afterCredentialsChange } from './account-mail';
export { revokeAllOfUser } from './sessions';
