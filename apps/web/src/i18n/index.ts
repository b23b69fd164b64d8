/**
 * Translations (product §1): English by default, Russian too. The chosen language is kept in the
 * `i18n_redirected` cookie for 365 days.
 */
import { LOCALE_COOKIE, LOCALE_COOKIE_DAYS, LOCALES, type Locale } from '@leadgrid/shared/constants';
import dayjs from 'dayjs';
import 'dayjs/locale/ru';
import i18n from 'i18next';
import Cookies from 'js-cookie';
import { initReactI18next } from 'react-i18next';
import en from './en.json';
import ru from './ru.json';

export const DEFAULT_LOCALE: Locale = 'en';

export function savedLocale(): Locale {
  const value = Cookies.get(LOCALE_COOKIE);
  return (LOCALES as readonly string[]).includes(value ?? '') ? (value as Locale) : DEFAULT_LOCALE;
}

const initial = savedLocale();

void i18n.use(initReactI18next).init({
  resources: { en: { translation: en }, ru: { translation: ru } },
  lng: initial,
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: [...LOCALES],
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});
dayjs.locale(initial);
if (typeof document !== 'undefined') document.documentElement.lang = initial;

export async function changeLocale(locale: Locale) {
  Cookies.set(LOCALE_COOKIE, locale, { expires: LOCALE_COOKIE_DAYS, path: '/', sameSite: 'lax' });
  dayjs.locale(locale);
  document.documentElement.lang = locale;
  await i18n.changeLanguage(locale);
}

export default i18n;
