/** The hold-queue domain's surface for other domains (architecture §layout). */
export { heldUntilByConfig, holdByRules, type HoldRule, rulesFor } from './hold-release';
