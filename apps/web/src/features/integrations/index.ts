/**
 * What other features use: the advertiser page mounts `IntegrationSectionTab` for its integration tabs and
 * refreshes the integration queries (`integrationKeys.all`) after its own integration writes.
 */
export { IntegrationSectionTab, type IntegrationSectionTabProps, type IntegrationTab } from './IntegrationSectionTab';
export { integrationKeys, templateKeys } from './api';
