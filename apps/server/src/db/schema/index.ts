/**
 * Every table drizzle-kit knows (drizzle.config.ts reads this file). Each domain keeps its tables next to its code in
 * modules/<area>/<domain>/<domain>.tables.ts; this index lets `db/schema` imports reach them all.
 */
export * from '../../modules/access/access.tables';
export * from '../../modules/access/accounts.tables';
export * from '../../modules/access/auth/auth.tables';
export * from '../../modules/access/roles/roles.tables';
export * from '../../modules/access/users/users.tables';
export * from '../../modules/engine/clicks/clicks.tables';
export * from '../../modules/engine/conversions/conversions.tables';
export * from '../../modules/engine/hold-queue/hold-queue.tables';
export * from '../../modules/engine/leads/leads.tables';
export * from '../../modules/engine/postback-delivery/postback-delivery.tables';
export * from '../../modules/engine/postback-logs/postback-logs.tables';
export * from '../../modules/engine/postbacks/postbacks.tables';
export * from '../../modules/engine/traffic-sources/traffic-sources.tables';
export * from '../../modules/insights/exports/exports.tables';
export * from '../../modules/insights/metrics/metrics.tables';
export * from '../../modules/inventory/campaigns/campaigns.tables';
export * from '../../modules/inventory/caps/caps.tables';
export * from '../../modules/inventory/creatives/creatives.tables';
export * from '../../modules/inventory/landers-api/landers-api.tables';
export * from '../../modules/inventory/landers/landers.tables';
export * from '../../modules/inventory/offers/offers.tables';
export * from '../../modules/inventory/payment-models/payment-models.tables';
export * from '../../modules/inventory/payment-rules/payment-rules.tables';
export * from '../../modules/money/currencies/currencies.tables';
export * from '../../modules/money/payment-methods/payment-methods.tables';
export * from '../../modules/money/withdrawal-methods/withdrawal-methods.tables';
export * from '../../modules/people/notes/notes.tables';
export * from '../../modules/people/people.tables';
export * from '../../modules/people/teams/teams.tables';
export * from '../../modules/sell-side/advertisers/advertisers.tables';
export * from '../../modules/sell-side/integration-templates/integration-templates.tables';
export * from '../../modules/sell-side/integrations/integrations.tables';
export * from '../../modules/sell-side/verticals/verticals.tables';
export * from '../../modules/settings/categories/categories.tables';
export * from '../../modules/settings/domains/domains.tables';
export * from '../../modules/settings/general/general.tables';
export * from '../../modules/settings/geos/geos.tables';
export * from '../../modules/settings/images/images.tables';
export * from '../../modules/settings/notifications/notifications.tables';
export * from '../../modules/settings/tags/tags.tables';
