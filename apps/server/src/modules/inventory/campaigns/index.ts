/** The campaigns domain's surface for other domains (style §1). */
export { WRITE } from './campaigns.service';
