/**
 * The staff review: audit entries where a staff account was created, or given an e-mail, a password, a role or
 * permissions, by a user who is not an administrator (issue 15: such accounts may come from the privilege
 * defects fixed then). Read by administrators only, on the page and with `npm run security:review-staff`.
 */
import { isAdministrator, STAFF_ROLE_TYPES, type RoleType } from '@leadgrid/shared';
import type { StaffReviewChange, StaffReviewItem, StaffReviewQuery } from '@leadgrid/shared/access/staff-review';
import { and, desc, eq, gte, inArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../../db/client';
import { auditLog, roles, users } from '../../../db/schema';
import { effectivePermissions } from '../../../http/auth';
import { requireActor, type Ctx } from '../../../http/context';
import { AppError } from '../../../http/errors';
import { fromSeconds, toSeconds } from '../../../http/list-query';

type Changes = { after?: Record<string, unknown>; passwordChanged?: boolean } | null;

/** What an audit entry of a user gave: nothing of interest answers []. */
export function givenBy(action: string, changes: Changes): StaffReviewChange[] {
  if (action === 'create') return ['created'];
  if (action === 'set_permissions') return ['permissions'];
  if (action !== 'update') return [];
  const after = changes?.after ?? {};
  return [
    ...('email' in after ? (['email'] as const) : []),
    ...(changes?.passwordChanged ? (['password'] as const) : []),
    ...('roleId' in after ? (['role'] as const) : []),
    ...('customPermissions' in after ? (['permissions'] as const) : []),
  ];
}

const account = alias(users, 'account');
const accountRole = alias(roles, 'account_role');
const author = alias(users, 'author');
const authorRole = alias(roles, 'author_role');
const name = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim();

/** The staff review, newest first: administrators only. */
export async function review(ctx: Ctx, q: StaffReviewQuery): Promise<{ items: StaffReviewItem[]; meta?: { totalCount: number } }> {
  if (!isAdministrator(requireActor(ctx))) throw AppError.forbidden('Only an administrator can review staff accounts');
  const found = await readReview(ctx.db, q.since);
  const items = found.slice(q.offset, q.offset + q.limit);
  return q.withMeta ? { items, meta: { totalCount: found.length } } : { items };
}

/**
 * Every entry of the review since `since` (seconds), newest first, for whoever already checked the reader's rights
 * (the route above, or the operator's command). The author's rights are judged in code (an administrator holds the
 * whole catalogue), over the audit entries of staff accounts only.
 */
export async function readReview(db: DbOrTx, since?: number): Promise<StaffReviewItem[]> {
  const rows = await db
    .select({ entry: auditLog, account, accountRole, author, authorRole })
    .from(auditLog)
    .innerJoin(account, eq(account.id, auditLog.entityId))
    .innerJoin(accountRole, and(eq(accountRole.id, account.roleId), inArray(accountRole.type, [...STAFF_ROLE_TYPES])))
    .leftJoin(author, eq(author.id, auditLog.userId))
    .leftJoin(authorRole, eq(authorRole.id, author.roleId))
    .where(
      and(
        eq(auditLog.entity, 'user'),
        or(
          inArray(auditLog.action, ['create', 'set_permissions']),
          and(
            eq(auditLog.action, 'update'),
            sql`(${auditLog.changes}->'after' ?| array['email','roleId','customPermissions'] or ${auditLog.changes} ? 'passwordChanged')`,
          ),
        ),
        since !== undefined ? gte(auditLog.createdAt, fromSeconds(since)!) : undefined,
      ),
    )
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id));
  // the author's rights now: an administrator's own work is not listed (a user deleted since is)
  return rows.flatMap((r): StaffReviewItem[] => {
    const authorRights =
      r.author && r.authorRole
        ? { roleType: r.authorRole.type as RoleType, permissions: effectivePermissions(r.authorRole, r.author.customPermissions) }
        : null;
    if (authorRights && isAdministrator(authorRights)) return [];
    const changes = givenBy(r.entry.action, r.entry.changes as Changes);
    if (!changes.length) return [];
    return [
      {
        id: r.entry.id,
        at: toSeconds(r.entry.createdAt)!,
        changes,
        account: {
          id: r.account.id,
          email: r.account.email,
          name: name(r.account),
          roleTitle: r.accountRole.title,
          roleType: r.accountRole.type as RoleType,
          status: r.account.status,
        },
        by:
          r.author && r.authorRole
            ? {
                id: r.author.id,
                email: r.author.email,
                name: name(r.author),
                roleTitle: r.authorRole.title,
                roleType: r.authorRole.type as RoleType,
              }
            : null,
        impersonatorId: r.entry.impersonatorId,
      },
    ];
  });
}
