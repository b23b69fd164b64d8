/**
 * What other features use: the advertiser page mounts `IntegrationSectionTab` for its integration tabs and
 * refreshes the integration queries (`integrationKeys.all`) after its own integration writes; its integration form
 * creates a template inline with `TemplateDrawer` (for those holding `OWNER_WRITE.template`).
 */
export { IntegrationSectionTab, type IntegrationSectionTabProps, type IntegrationTab } from './IntegrationSectionTab';
export { integrationKeys, OWNER_WRITE, templateKeys } from './api';
export { TemplateDrawer } from './TemplateDrawer';
