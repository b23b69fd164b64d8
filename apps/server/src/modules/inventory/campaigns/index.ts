/** The campaigns domain's surface for other domains (architecture §layout). */
export { WRITE } from './campaigns.service';
