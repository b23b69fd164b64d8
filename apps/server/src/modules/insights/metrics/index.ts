/** The metrics domain's surface for other domains (architecture §layout). */
export { active, formulaVisibleTo } from './metrics.service';
