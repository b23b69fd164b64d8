/** The metrics domain's surface for other domains (style §1). */
export { active, formulaVisibleTo } from './metrics.service';
