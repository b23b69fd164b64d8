/** Domain parking (settings > domain parking): tracking hosts for campaign links, postback hosts for advertisers. */
import { z } from 'zod';
import { ACTIVE_STATUSES } from '../constants';
import { rules, zHostName } from '../validation';
import { editItems, listQuerySchema, statusChangeItem } from '../common';
import { authorSchema, csvEnum } from './tags';

/** `track`: campaign (click) links; `postback`: the host advertisers send postbacks to */
export const DOMAIN_TYPES = ['track', 'postback'] as const;
export type DomainType = (typeof DOMAIN_TYPES)[number];
export const DOMAIN_STATUSES = ACTIVE_STATUSES;

export const domainSchema = z.object({
  id: z.number().int(),
  host: z.string(),
  type: z.enum(DOMAIN_TYPES),
  status: z.enum(DOMAIN_STATUSES),
  createdAt: z.number().int(),
  createdBy: authorSchema.nullable(),
  /** the host the domain's CNAME record must point to (the platform's public host) */
  dnsTarget: z.string(),
});
export type Domain = z.infer<typeof domainSchema>;
export const domainRefSchema = z.object({
  id: z.number().int(),
  host: z.string(),
  type: z.enum(DOMAIN_TYPES),
  status: z.enum(DOMAIN_STATUSES),
});
export type DomainRef = z.infer<typeof domainRefSchema>;

const domainItems = editItems({ host: zHostName(), type: z.enum(DOMAIN_TYPES, { message: 'required' }) }, DOMAIN_STATUSES);
export const domainCreate = domainItems.create;
export type DomainCreate = z.input<typeof domainCreate>;
export const domainUpdate = domainItems.update;
export type DomainUpdate = z.input<typeof domainUpdate>;
export const domainStatusItem = statusChangeItem(DOMAIN_STATUSES);
export const domainListQuery = listQuerySchema.extend({ type: csvEnum(DOMAIN_TYPES).optional() });
export type DomainListQuery = z.input<typeof domainListQuery>;

/**
 * The DNS record that points a parked host at the platform: a CNAME to the platform's public host, or an A record
 * when the platform is reached by an IP address (no PUBLIC_URL host name configured).
 */
export const dnsInstruction = (host: string, target: string) => ({
  type: rules.ip(target) === true && target !== '' ? ('A' as const) : ('CNAME' as const),
  name: host,
  value: target,
});
