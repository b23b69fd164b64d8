/** The inbound postback's shapes: the request, the answer, the subject it names and one postback to record. */
import type { Postback, PostbackInAnswer } from '@leadgrid/shared';
import type { clicks, integrations, leads } from '../../../../db/schema';
import type { Ctx } from '../../../../http/context';
import type { JobQueue } from '../../../../jobs/queue';
import type { PostbackInReads } from './reads';

export interface InboundPostback {
  key: string;
  ip: string;
  method: string;
  url: string;
  query: Record<string, unknown>;
  body: unknown;
}

export interface PostbackOutcome {
  code: number;
  answer: PostbackInAnswer;
  /** set when a conversion was created or its status changed (outbound affiliate postbacks follow) */
  changed?: { conversionId: number; created: boolean; status: number };
}

export type IntegrationRow = typeof integrations.$inferSelect;
type LeadRow = typeof leads.$inferSelect;
type ClickRow = typeof clicks.$inferSelect;
/** what a postback uses of its lead and of its click */
export type SubjectLead = Pick<
  LeadRow,
  | 'id'
  | 'createdAt'
  | 'status'
  | 'leadGrade'
  | 'offerId'
  | 'affiliateId'
  | 'teamId'
  | 'advertiserId'
  | 'country'
  | 'ip'
  | 'clickId'
  | 'campaignId'
  | `sub${1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9}`
>;
export type SubjectClick = Pick<
  ClickRow,
  'id' | 'createdAt' | 'offerId' | 'affiliateId' | 'teamId' | 'country' | 'ip' | 'campaignId' | `sub${1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9}`
>;

export class Refusal extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

export interface RecordOptions {
  /** the lead reference is the advertiser's lead id only (API sync), never our lead id */
  advertiserLeadOnly?: boolean;
}

/** one postback to record: its request, its integration and the parameters it names */
export interface BatchItem {
  ctx: Ctx;
  queue: JobQueue;
  reads: PostbackInReads;
  input: InboundPostback;
  integration: IntegrationRow;
  names: Postback;
  p: Record<string, string>;
  opts: RecordOptions;
}

/** the lead or click a postback names, locked (a click alone when it has no lead) */
export interface Subject {
  lead?: SubjectLead;
  click?: SubjectClick;
}
