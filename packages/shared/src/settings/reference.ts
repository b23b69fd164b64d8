/** Reference data served as look-ups: ISO countries, ISO languages and IANA time zones (product §9 formats). */
import { DateTime } from 'luxon';

export const ISO_COUNTRY_CODES = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ ' +
  'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR ' +
  'GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO ' +
  'JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR ' +
  'MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO ' +
  'RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV ' +
  'TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS XK YE YT ZA ZM ZW'
).split(' ');

export const ISO_LANGUAGE_CODES = (
  'aa ab af ak am an ar as av ay az ba be bg bh bi bm bn bo br bs ca ce ch co cr cs cu cv cy da de dv dz ee el en eo ' +
  'es et eu fa ff fi fj fo fr fy ga gd gl gn gu gv ha he hi ho hr ht hu hy hz ia id ie ig ii ik io is it iu ja jv ka ' +
  'kg ki kj kk kl km kn ko kr ks ku kv kw ky la lb lg li ln lo lt lu lv mg mh mi mk ml mn mr ms mt my na nb nd ne ng ' +
  'nl nn no nr nv ny oc oj om or os pa pi pl ps pt qu rm rn ro ru rw sa sc sd se sg si sk sl sm sn so sq sr ss st su ' +
  'sv sw ta te tg th ti tk tl tn to tr ts tt tw ty ug uk ur uz ve vi vo wa wo xh yi yo za zh zu'
).split(' ');

/** Product §9: the language code `ua` maps to `uk`. */
export function normalizeLanguage(code: string): string {
  const c = code.trim().toLowerCase().split(/[-_]/)[0];
  return c === 'ua' ? 'uk' : c;
}

export interface RefItem {
  code: string;
  name: string;
}

function displayNames(type: 'region' | 'language', codes: readonly string[], locale: string): RefItem[] {
  const dn = new Intl.DisplayNames([locale, 'en'], { type });
  return codes.map((code) => ({ code, name: dn.of(code) ?? code })).sort((a, b) => a.name.localeCompare(b.name, locale));
}

export const isoCountries = (locale = 'en') => displayNames('region', ISO_COUNTRY_CODES, locale);
export const isoLanguages = (locale = 'en') => displayNames('language', ISO_LANGUAGE_CODES, locale);

/**
 * ICU still lists some zones under names IANA has since replaced (CLDR keeps the old ones as canonical).
 * The list shows the current names; both forms stay valid everywhere.
 */
export const RENAMED_ZONES: Readonly<Record<string, string>> = {
  'Africa/Asmera': 'Africa/Asmara',
  'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
  'America/Catamarca': 'America/Argentina/Catamarca',
  'America/Coral_Harbour': 'America/Atikokan',
  'America/Cordoba': 'America/Argentina/Cordoba',
  'America/Godthab': 'America/Nuuk',
  'America/Indianapolis': 'America/Indiana/Indianapolis',
  'America/Jujuy': 'America/Argentina/Jujuy',
  'America/Louisville': 'America/Kentucky/Louisville',
  'America/Mendoza': 'America/Argentina/Mendoza',
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Rangoon': 'Asia/Yangon',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'Europe/Kiev': 'Europe/Kyiv',
  'Pacific/Enderbury': 'Pacific/Kanton',
  'Pacific/Ponape': 'Pacific/Pohnpei',
  'Pacific/Truk': 'Pacific/Chuuk',
};

/** Time zones as `name (+HH:MM)` (product §9), ordered by offset then name. */
export function timezoneList(at: Date = new Date()): { name: string; offset: string; title: string }[] {
  const current = Intl.supportedValuesOf('timeZone').map((z) => RENAMED_ZONES[z] ?? z);
  const names = ['UTC', ...new Set(current.filter((z) => z !== 'UTC' && isValidZone(z)))];
  return names
    .map((name) => {
      const dt = DateTime.fromJSDate(at, { zone: name });
      const offset = dt.toFormat('ZZ');
      return { name, offset, minutes: dt.offset, title: `${name} (${offset})` };
    })
    .sort((a, b) => a.minutes - b.minutes || a.name.localeCompare(b.name))
    .map(({ name, offset, title }) => ({ name, offset, title }));
}

/** Product §3: a stored time zone may be 'Zone (offset)'; only the part before ' (' is used. */
export function zoneName(timezone: string | null | undefined): string {
  if (!timezone) return 'UTC';
  const name = timezone.split(' (')[0].trim();
  return isValidZone(name) ? name : 'UTC';
}

/** luxon's fixed-offset zone names (`UTC`, `utc+3`, `UTC-05:30`), which it accepts beside the IANA names */
const FIXED_OFFSET_ZONE = /^utc(?:([+-]\d{1,2})(?::(\d{2}))?)?$/i;
const LUXON_ZONE_WORDS = new Set(['default', 'local', 'system', 'utc', 'gmt']);

/**
 * A zone name luxon accepts (`DateTime.setZone(name).isValid`, which the server's date code uses), written without
 * luxon so that the web's schemas, which validate zones, do not load it (docs/decisions/web.md, first-load budgets):
 * luxon's words for the system and UTC zones, its fixed offsets, or an IANA zone the runtime's Intl knows.
 */
export function isValidZone(name: string): boolean {
  const lowered = name.toLowerCase();
  if (LUXON_ZONE_WORDS.has(lowered) || FIXED_OFFSET_ZONE.test(lowered)) return true;
  if (!name) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name }).format();
    return true;
  } catch {
    return false;
  }
}
