/** The lead fields of a vertical (the standard ones of product §3 and its custom incoming parameters), with labels. */
import { STANDARD_LEAD_FIELDS } from '@leadgrid/shared/sell-side/sell-side';
import type { Vertical } from '@leadgrid/shared/sell-side/verticals';
import { useIntT } from './i18n';

export interface LeadField {
  name: string;
  label: string;
  type: string;
  custom: boolean;
}

const STANDARD_TYPES: Record<string, string> = {
  phone: 'phone',
  email: 'email',
  country: 'country',
  language: 'language',
  ip: 'ip',
  landing: 'url',
  sourceUrl: 'url',
};

export function useLeadFields(vertical: Vertical | undefined): LeadField[] {
  const { t } = useIntT();
  const standard = STANDARD_LEAD_FIELDS.map((name) => ({
    name,
    label: t(`leadFields.${name}`, { defaultValue: name }),
    type: STANDARD_TYPES[name] ?? 'string',
    custom: false,
  }));
  const custom = (vertical?.incomingParameters ?? [])
    .filter((p) => !(STANDARD_LEAD_FIELDS as readonly string[]).includes(p.name))
    .map((p) => ({ name: p.name, label: p.title || p.name, type: p.type, custom: true }));
  return [...standard, ...custom];
}
