/** The postback-logs domain's surface for other domains (style §1). */
export { reachWhere } from './postback-logs.service';
