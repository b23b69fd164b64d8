/** The integrations domain's surface for other domains (style §1). */
export { previewPlatforms, previewVerticals, stopAdvertisersOfVerticals, stopIntegrationsOfPlatforms } from './cascades';
export { author, type AuthorRow, duplicateTitleErrors, missingIds, uniqueGuard } from './common';
export { buildOutApiRequest, type LeadValues, parseOutApiResponse } from './out-api';
export { checkSection, sectionsView, writeSection } from './sections';
