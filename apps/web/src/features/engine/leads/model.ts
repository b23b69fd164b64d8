/**
 * What the /leads screen may offer (the server decides; this only hides): lead actions need `lead.update` and a status
 * the action applies to (product §4: resend, trash or grade, singly or in mass; a mass grade needs one vertical); the
 * advertiser side (column, filter, sending history) is for staff. And the words of an action's outcome (product §8:
 * none applied, some applied with ids, some failed with ids).
 */
import { LEAD_RESEND_STATUSES, LEAD_TRASH_STATUSES, type LeadAction, type LeadActionsAnswer } from '@leadgrid/shared/engine/leads';
import type { TFunction } from 'i18next';
import type { OutcomeText } from '../../../components/OutcomeAlert';

export const LEAD_UPDATE = 'lead.update';

interface Row {
  id: number;
  status: string;
  vertical: { id: number; title: string };
}

export const canResend = (status: string) => (LEAD_RESEND_STATUSES as readonly string[]).includes(status);
export const canTrash = (status: string) => (LEAD_TRASH_STATUSES as readonly string[]).includes(status);

/** The actions of one lead for a user who may update leads. */
export function actionsOf(row: Pick<Row, 'status'>): LeadAction[] {
  return [...(canResend(row.status) ? (['resend'] as const) : []), ...(canTrash(row.status) ? (['trash'] as const) : []), 'grade'];
}

/** The vertical every selected lead is in, or null when they are in several (no mass grade then). */
export function singleVertical(rows: readonly Row[]): Row['vertical'] | null {
  if (!rows.length) return null;
  const first = rows[0].vertical;
  return rows.every((r) => r.vertical.id === first.id) ? first : null;
}

/** Which mass actions apply to the selection: an action is offered when it applies to at least one lead. */
export function bulkActionsOf(rows: readonly Row[]): { action: LeadAction; enabled: boolean }[] {
  return [
    { action: 'resend', enabled: rows.some((r) => canResend(r.status)) },
    { action: 'trash', enabled: rows.some((r) => canTrash(r.status)) },
    { action: 'grade', enabled: singleVertical(rows) !== null },
  ];
}

const ids = (list: readonly number[]) => list.map((id) => `#${id}`).join(', ');

/** The product §8 message of an action's answer: all applied (ids), some applied and some failed (ids), none applied. */
export function outcomeText(action: LeadAction, answer: LeadActionsAnswer, t: TFunction): OutcomeText {
  const failed = t('outcome.failed', { ids: answer.failed.map((f) => t('outcome.failedItem', { id: f.id, reason: f.reason })).join(', ') });
  if (answer.outcome === 'all') return { type: 'success', title: t(`outcome.${action}.all`, { ids: ids(answer.applied) }), lines: [] };
  if (answer.outcome === 'partial')
    return { type: 'warning', title: t(`outcome.${action}.partial`), lines: [t('outcome.applied', { ids: ids(answer.applied) }), failed] };
  return { type: 'error', title: t(`outcome.${action}.none`), lines: [failed] };
}
