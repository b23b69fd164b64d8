/**
 * The click-time parts of a campaign's tracking link, without zod (schemas/campaigns re-exports them; the web's
 * campaign screens take them from here so that a list does not load the campaign schemas): the sub parameters, the
 * macros known when a click is redirected, and the default target-URL settings.
 */
import { MACROS, findMacros, type MacroDef } from './macros';

/** sub1..sub9: the parameters an affiliate attaches to a click (the tracking URL shows them as `{subN}` placeholders) */
export const SUB_PARAMS = Array.from({ length: 9 }, (_, i) => `sub${i + 1}`);
/** the macros known when a click is redirected (a target URL or an extra parameter may carry them) */
export const CLICK_MACRO_NAMES = [
  'click_id',
  ...SUB_PARAMS,
  'country',
  'ip',
  'offer_id',
  'campaign_id',
  'affiliate_id',
  'timestamp',
] as const;
const CLICK_MACROS: ReadonlySet<string> = new Set(CLICK_MACRO_NAMES);
export const CLICK_MACROS_CATALOGUE: readonly MacroDef[] = MACROS.filter((x) => CLICK_MACROS.has(x.name));
/** the first macro of `text` that is not known at click time, or null */
export function unknownClickMacro(text: string): string | null {
  return findMacros(text).find((name) => !CLICK_MACROS.has(name)) ?? null;
}

/** a new campaign's target-URL settings: rotate the campaign's landers, pass the subs (schemas/campaigns checks the shape) */
export const DEFAULT_TARGET_URL_SETTINGS: {
  mode: 'landers';
  url: string | null;
  passSubs: boolean;
  passQuery: boolean;
  params: { name: string; value: string }[];
} = {
  mode: 'landers',
  url: null,
  passSubs: true,
  passQuery: false,
  params: [],
};
