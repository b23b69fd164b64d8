/** The `postback_in` system log every postback writes, accepted or refused (the secure code never in it). */
import type { DbOrTx } from '../../../../db/client';
import { systemLogs } from '../../../../db/schema';
import type { Ctx } from '../../../../http/context';
import { redact } from './params';
import type { InboundPostback, IntegrationRow, PostbackOutcome } from './types';

export type LogExtra = { leadId?: number | null; goalId?: number | null; conversionStatus?: number | null };

export async function log(
  db: DbOrTx,
  ctx: Ctx,
  input: InboundPostback,
  integration: IntegrationRow | null,
  outcome: PostbackOutcome,
  extra: LogExtra = {},
) {
  await db.insert(systemLogs).values(logValues(ctx, input, integration, outcome, extra));
}

export function logValues(
  ctx: Ctx,
  input: InboundPostback,
  integration: IntegrationRow | null,
  outcome: PostbackOutcome,
  extra: LogExtra,
): typeof systemLogs.$inferInsert {
  return {
    createdAt: ctx.now(),
    type: 'postback_in',
    entity: 'advertiser',
    advertiserId: integration?.advertiserId ?? null,
    integrationId: integration?.id ?? null,
    leadId: extra.leadId ?? null,
    conversionId: outcome.answer.status === 'ok' ? outcome.answer.conversionId : null,
    goalId: extra.goalId ?? null,
    conversionStatus: extra.conversionStatus ?? null,
    data: {
      method: input.method,
      url: input.url.replace(/([?&]secure_code=)[^&]*/g, '$1***').slice(0, 2000),
      ip: input.ip,
      query: redact(input.query),
      body: redact(input.body),
    },
    responseStatus: outcome.code,
    responseBody: JSON.stringify(outcome.answer),
    success: outcome.answer.status === 'ok',
    msg: outcome.answer.message?.slice(0, 500) ?? null,
  };
}
