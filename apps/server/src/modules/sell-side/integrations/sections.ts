/**
 * The integration sections shared by templates and integrations: the checks that need the database (lead fields of
 * the vertical, its goals and lead grades, the API parameters of the same integration), and how sections are answered.
 */
import {
  INTEGRATION_SECTIONS,
  STANDARD_LEAD_FIELDS,
  type ApiErrorItem,
  type ApiParameter,
  type IntegrationSectionName,
  type LeadStatusMapping,
  type OutApi,
  type ApiSync,
} from '@leadgrid/shared';
import { eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { verticalGoals, verticals } from '../../../db/schema';
import type { Ctx } from '../../../http/context';
import { AppError } from '../../../http/errors';
import { diffFields, recordAudit } from '../../../lib/audit';
import { urlHostProblem } from '../../../lib/outbound';
import { lockById } from '../../../lib/rows';

export const SECRET_MASK = '********';

export interface Sections {
  apiParameters: unknown[];
  outApi: Record<string, unknown>;
  postback: Record<string, unknown>;
  apiSync: Record<string, unknown>;
  leadStatusMappings: unknown[];
  redirect: Record<string, unknown>;
  goals: number[];
}

/** the sections as answered; secret API parameter values are masked for those who may not edit */
export function sectionsView(row: Sections, canEdit: boolean) {
  const params = row.apiParameters as ApiParameter[];
  return {
    apiParameters: canEdit ? params : params.map((p) => (p.secret ? { ...p, value: SECRET_MASK } : p)),
    outApi: row.outApi,
    postback: row.postback,
    apiSync: row.apiSync,
    leadStatusMappings: row.leadStatusMappings as LeadStatusMapping[],
    redirect: row.redirect,
    goals: row.goals,
  };
}

/** the lead fields a vertical accepts: the standard ones and its custom incoming parameters */
export async function leadFieldsOf(ctx: Ctx, verticalId: number): Promise<Set<string>> {
  const [v] = await ctx.db.select({ params: verticals.incomingParameters }).from(verticals).where(eq(verticals.id, verticalId));
  return new Set<string>([...STANDARD_LEAD_FIELDS, ...((v?.params ?? []) as { name: string }[]).map((p) => p.name)]);
}

/**
 * Checks a section against the vertical and the other sections: a mapping naming an unknown lead field or API
 * parameter, a goal of another vertical, a lead grade the vertical does not have, a called URL whose host is not public. Errors are located in `body.data`.
 */
export async function checkSection(
  ctx: Ctx,
  target: { verticalId: number; apiParameters: unknown[] },
  section: IntegrationSectionName,
  data: unknown,
) {
  const errors: ApiErrorItem[] = [];
  const at = (...loc: (string | number)[]) => ['body', 'data', ...loc];
  const paramNames = new Set((target.apiParameters as ApiParameter[]).map((p) => p.name));
  if (section === 'out_api_mappings') {
    const out = data as OutApi;
    const fields = await leadFieldsOf(ctx, target.verticalId);
    out.fieldMappings.forEach((m, i) => {
      if (m.source === 'lead' && !fields.has(m.value))
        errors.push({ msg: 'pattern', type: 'leadField', loc: at('fieldMappings', i, 'value') });
      if (m.source === 'parameter' && !paramNames.has(m.value))
        errors.push({ msg: 'pattern', type: 'apiParameter', loc: at('fieldMappings', i, 'value') });
    });
  }
  // the URLs the server calls: a literal host must be public (one starting with a {{parameter}} is checked at the call)
  const callUrl = (url: unknown, loc: (string | number)[]) => {
    if (ctx.config.ALLOW_PRIVATE_CALLBACKS || typeof url !== 'string' || !/^https?:\/\//i.test(url)) return;
    const problem = urlHostProblem(url);
    if (problem) errors.push({ msg: problem, type: 'ssrf', loc: at(...loc) });
  };
  if (section === 'out_api_mappings') callUrl((data as OutApi).url, ['url']);
  if (section === 'api_sync') callUrl((data as ApiSync).request?.url, ['request', 'url']);
  if (section === 'goals') {
    const own = new Set(
      (await ctx.db.select({ id: verticalGoals.id }).from(verticalGoals).where(eq(verticalGoals.verticalId, target.verticalId))).map(
        (g) => g.id,
      ),
    );
    (data as number[]).forEach((g, i) => !own.has(g) && errors.push({ msg: 'required', type: 'goal', loc: at(i) }));
  }
  if (section === 'lead_status_mappings') {
    const [v] = await ctx.db.select({ grades: verticals.leadGrades }).from(verticals).where(eq(verticals.id, target.verticalId));
    const grades = new Set(((v?.grades ?? []) as { key: string }[]).map((g) => g.key));
    (data as LeadStatusMapping[]).forEach(
      (m, i) => m.leadGrade && !grades.has(m.leadGrade) && errors.push({ msg: 'required', type: 'leadGrade', loc: at(i, 'leadGrade') }),
    );
  }
  if (errors.length) throw new AppError('VALIDATION', 'Validation failed', errors);
  return { field: INTEGRATION_SECTIONS[section].field, value: data };
}

/**
 * Writes one section of an integration or an integration template: the row locked, the section checked against it
 * (checkSection), and only a change written and audited (`edit_<section>`). The caller answers the row again.
 */
export async function writeSection(
  ctx: Ctx,
  o: { table: PgTable; idColumn: PgColumn; what: string; entity: string },
  id: number,
  section: IntegrationSectionName,
  data: unknown,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const c = { ...ctx, db: tx };
    type Target = { id: number; verticalId: number; apiParameters: unknown[] } & Record<string, unknown>;
    const row = (await lockById<Target>(c, o.table, o.idColumn, [id], o.what)).get(id)!;
    const { field, value } = await checkSection(c, row, section, data);
    const changes = diffFields(row, { [field]: value });
    if (!changes) return;
    await tx
      .update(o.table)
      .set({ [field]: value } as never)
      .where(eq(o.idColumn, id));
    await recordAudit(c, { entity: o.entity, entityId: id, action: `edit_${section}`, changes });
  });
}
