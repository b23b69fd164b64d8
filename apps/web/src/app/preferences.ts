/** App settings kept in local storage (product §3 "App settings"): the theme and the sidebar mini flag. */
import { createStore, useStore } from '../api/store';

export type ThemeMode = 'light' | 'dark';
const THEME_KEY = 'lg_theme';
const SIDEBAR_KEY = 'lg_sidebar_mini';

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}
function write(key: string, value: string) {
  try {
    localStorage.setItem(key, value);
  } catch {
    // storage may be full or disabled: the choice then lasts for this page only
  }
}

/** light is the default (product §1, first reading) */
export const themeStore = createStore<ThemeMode>(read(THEME_KEY) === 'dark' ? 'dark' : 'light');
export const sidebarMiniStore = createStore<boolean>(read(SIDEBAR_KEY) === '1');

export function setTheme(mode: ThemeMode) {
  write(THEME_KEY, mode);
  themeStore.set(mode);
}

export function setSidebarMini(mini: boolean) {
  write(SIDEBAR_KEY, mini ? '1' : '0');
  sidebarMiniStore.set(mini);
}

export const useThemeMode = () => useStore(themeStore);
export const useSidebarMini = () => useStore(sidebarMiniStore);
