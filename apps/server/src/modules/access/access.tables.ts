/** The audit log: written by every change (lib/audit.ts), read by staff review. */
import { index, integer, jsonb, pgTable, serial, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';

/** Who changed what and when (architecture §5 Audit). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id'),
    impersonatorId: integer('impersonator_id'),
    entity: varchar('entity', { length: 50 }).notNull(),
    entityId: integer('entity_id'),
    action: varchar('action', { length: 50 }).notNull(),
    changes: jsonb('changes'),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_entity_idx').on(t.entity, t.entityId, t.createdAt)],
);
