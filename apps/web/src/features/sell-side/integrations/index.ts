/**
 * What other features use: the advertiser page mounts `IntegrationSectionTab` for its integration tabs and
 * refreshes the integration queries (`integrationKeys.all`) after its own integration writes; its integration form
 * creates a template inline with `TemplateDrawer` (for those holding `OWNER_WRITE.template`). The two components are
 * loaded when first shown (the section editors and the template form are not part of the advertiser page's first
 * view: docs/decisions/web.md, first-load budgets); mount `IntegrationSectionTab` inside a `Suspense`.
 */
import { lazy } from 'react';
import { lazyWhenOpen } from '../../../components/lazyWhenOpen';

export type { IntegrationSectionTabProps, IntegrationTab } from './IntegrationSectionTab';
export { integrationKeys, OWNER_WRITE, templateKeys } from './api';
export const IntegrationSectionTab = lazy(() => import('./IntegrationSectionTab').then((m) => ({ default: m.IntegrationSectionTab })));
export const TemplateDrawer = lazyWhenOpen(() => import('./TemplateDrawer').then((m) => m.TemplateDrawer));
