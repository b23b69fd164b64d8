/** The hold-queue domain's surface for other domains (style §1). */
export { heldUntilByConfig, holdByRules, type HoldRule, rulesFor } from './hold-release';
