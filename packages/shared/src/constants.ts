/** Business constants of product §9. */
export const PAGE_SIZE = 25;
export const STATISTICS_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 1000;
export const TOAST_DURATION_MS = 4000;
export const SETTINGS_REFRESH_MS = 3_600_000;
export const CHUNK_RELOAD_GUARD_MS = 60_000;
export const PROGRESS_BAR = { durationMs: 5000, throttleMs: 200 } as const;
export const FETCH_DELAY_MS = 200;
export const INT_MIN = -2147483648;
export const INT_MAX = 2147483647;
export const FLOAT_DECIMALS = 8;
export const TITLE_MAX = 200;
export const DESCRIPTION_MAX = 2000;
export const REASON_MAX = 500;
export const PASSWORD_MIN = 5;
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const CREATIVE_MAX_BYTES = 50 * 1024 * 1024;
export const DAY_MS = 86_400_000;
export const DATE_FORMAT = 'yyyy.MM.dd';
export const DATE_TIME_FORMAT = 'yyyy.MM.dd HH:mm:ss';
export const LOCALE_COOKIE = 'i18n_redirected';
export const LOCALE_COOKIE_DAYS = 365;
export const LOCALES = ['en', 'ru'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_PRODUCT_TITLE = 'Leadgrid';
export const CLICK_STATUS = { valid: 1, invalid: 2 } as const;
export const CONVERSION_STATUS = { pending: 1, hold: 2, approved: 3, rejected: 4 } as const;
export const OFFER_ACCESS = { public: 1, private: 3 } as const;
export const CONTACT_TYPES = ['phone', 'telegram', 'skype', 'url', 'email'] as const;
export const USER_STATUSES = ['active', 'inactive', 'blocked'] as const;
export const ACTIVE_STATUSES = ['active', 'inactive'] as const;
export const REDIRECT_TO_ADVERTISER = ['direct', 'no_redirect', 'via_thank_you_page'] as const;
export const API_LEAD_STATUSES = ['new', 'trash', 'hold', 'invalid', 'sent', 'unsent', 'failed', 'duplicate', 'test'] as const;
export const POSTBACK_EVENTS = [
  'conversion_approved',
  'conversion_rejected',
  'conversion_pending',
  'conversion_deferred',
  'event_received',
  'event_sent',
  'event_trash',
  'event_hold',
  'event_invalid',
  'event_duplicate',
  'event_lead_grade_changed',
] as const;

/** expansions of GET /users/:id (`with=`); schemas/users.ts re-exports it */
export const USER_EXPANSIONS = ['contacts', 'birthDate', 'team', 'trafficBlocked', 'apiToken'] as const;
