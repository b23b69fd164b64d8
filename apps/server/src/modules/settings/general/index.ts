/** The general domain's surface for other domains (style §1). */
export { storedSettings } from './settings.service';
export { getSetting, getSettings, setSetting } from './settings.store';
