/** The postback-logs domain's surface for other domains (architecture §layout). */
export { reachWhere } from './postback-logs.service';
