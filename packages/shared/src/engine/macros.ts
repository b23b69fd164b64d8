/**
 * URL macros (architecture §5): `{name}` placeholders in postback and lander URLs, replaced by URL-encoded
 * values when the URL is called. The catalogue is written once for the server (validation, substitution)
 * and the web (macro chips, help text).
 */

export type MacroGroup = 'click' | 'lead' | 'conversion' | 'offer' | 'partner' | 'event';

export interface MacroDef {
  /** the name written between braces, e.g. `click_id` for `{click_id}` */
  name: string;
  group: MacroGroup;
  description: string;
  /** only staff-side URLs may carry it (revenue and advertiser data are never sent to affiliates) */
  staffOnly?: boolean;
}

const m = (name: string, group: MacroGroup, description: string, staffOnly = false): MacroDef => ({
  name,
  group,
  description,
  ...(staffOnly ? { staffOnly } : {}),
});

export const MACROS: readonly MacroDef[] = [
  m('click_id', 'click', 'Click ID given by the tracker'),
  ...Array.from({ length: 9 }, (_, i) => m(`sub${i + 1}`, 'click', `Sub ID ${i + 1} passed by the affiliate on the click`)),
  m('country', 'click', 'Country of the visitor (ISO code)'),
  m('ip', 'click', 'IP address of the visitor'),
  m('lead_id', 'lead', 'Lead ID'),
  m('lead_status', 'lead', 'API status of the lead (new, sent, hold, ...)'),
  m('lead_grade', 'lead', 'Lead grade'),
  m('redirect_url', 'lead', "The advertiser's redirect for the visitor (with event_sent)"),
  m('conversion_id', 'conversion', 'Conversion ID'),
  m('status', 'conversion', 'Conversion status (pending, hold, approved, rejected)'),
  m('goal', 'conversion', 'Goal of the conversion'),
  m('payout', 'conversion', 'Payout to the affiliate'),
  m('revenue', 'conversion', 'Revenue from the advertiser', true),
  m('currency', 'conversion', 'Currency code of the amounts'),
  m('offer_id', 'offer', 'Offer ID'),
  m('campaign_id', 'offer', 'Campaign ID'),
  m('affiliate_id', 'partner', 'Affiliate ID'),
  m('advertiser_id', 'partner', 'Advertiser ID', true),
  m('event', 'event', 'The event that fired the postback (conversion_approved, event_sent, ...)'),
  m('timestamp', 'event', 'Time of the event, Unix seconds'),
];

export const MACRO_NAMES: ReadonlySet<string> = new Set(MACROS.map((x) => x.name));
const STAFF_ONLY: ReadonlySet<string> = new Set(MACROS.filter((x) => x.staffOnly).map((x) => x.name));

/** everything between a pair of braces counts as a macro, so a misspelt one is reported, never sent as-is */
const MACRO_RE = /\{([^{}]*)\}/g;

export const macroToken = (name: string) => `{${name}}`;

/** The macro names used in a URL, in order of first appearance, without duplicates. */
export function findMacros(url: string): string[] {
  const found: string[] = [];
  for (const match of url.matchAll(MACRO_RE)) if (!found.includes(match[1])) found.push(match[1]);
  return found;
}

export interface MacroError {
  /** the product §8 message key */
  code: 'pattern';
  /** the offending macro name */
  macro: string;
}

/**
 * Checks that every `{...}` in the URL is a known macro. An affiliate-side URL (`audience: 'affiliate'`)
 * may not carry staff-only macros. Returns null when valid, else the first unknown macro.
 */
export function validateMacros(url: string, opts: { audience?: 'staff' | 'affiliate' } = {}): MacroError | null {
  for (const name of findMacros(url)) {
    if (!MACRO_NAMES.has(name) || (opts.audience === 'affiliate' && STAFF_ONLY.has(name))) return { code: 'pattern', macro: name };
  }
  return null;
}

export type MacroValues = Partial<Record<string, string | number | null | undefined>>;

/** Replaces every known macro by its URL-encoded value; a macro without a value becomes empty. */
export function substituteMacros(url: string, values: MacroValues): string {
  return url.replace(MACRO_RE, (token, name: string) => {
    if (!MACRO_NAMES.has(name)) return token;
    const v = values[name];
    return v === undefined || v === null ? '' : encodeURIComponent(String(v));
  });
}
