/** The general domain's surface for other domains (architecture §layout). */
export { storedSettings } from './settings.service';
export { getSetting, getSettings, setSetting } from './settings.store';
