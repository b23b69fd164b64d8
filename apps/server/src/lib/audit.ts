/**
 * The audit trail of architecture §5: every write records who did it (and the impersonating admin, if any),
 * when, on which record, and what changed. Call it inside the transaction of the write it describes, so the
 * row and its audit entry commit together.
 */
import { auditLog } from '../db/schema';
import type { Ctx } from '../http/context';

/** Only the fields that changed, with their value before and after. */
export interface AuditChanges {
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

export interface AuditEntry {
  /** the domain, e.g. 'user', 'api_token', 'image' */
  entity: string;
  entityId: number | null;
  /** 'create', 'update', 'delete', 'revoke', or a domain verb such as 'regenerate_api_token' */
  action: string;
  changes?: AuditChanges | Record<string, unknown> | null;
}

export async function recordAudit(ctx: Ctx, entry: AuditEntry): Promise<void> {
  await recordAudits(ctx, [entry]);
}

/** One insert for a batch of entries (a write of many items). */
export async function recordAudits(ctx: Ctx, entries: AuditEntry[]): Promise<void> {
  if (!entries.length) return;
  const at = ctx.now();
  await ctx.db.insert(auditLog).values(
    entries.map((e) => ({
      userId: ctx.actor?.id ?? null,
      impersonatorId: ctx.actor?.impersonatorId ?? null,
      entity: e.entity,
      entityId: e.entityId,
      action: e.action,
      changes: e.changes ?? null,
      createdAt: at,
    })),
  );
}

const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * Compares a patch with the current record: answers the fields whose value differs, or null when the
 * patch changes nothing. Fields the patch does not mention (undefined) are ignored.
 */
export function diffFields<T extends object>(current: T, patch: Partial<T>): AuditChanges | null {
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    const old = (current as Record<string, unknown>)[key];
    if (same(old, value)) continue;
    before[key] = old ?? null;
    after[key] = value;
  }
  return Object.keys(after).length ? { before, after } : null;
}
