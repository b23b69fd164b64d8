/** Custom metrics. */
import { boolean, jsonb, pgTable, serial, varchar } from 'drizzle-orm/pg-core';
import { createdAt, status } from '../../../db/columns';
import { createdBy } from '../../access/accounts.tables';

/** Custom metrics: a formula over built-in metrics (packages/shared formula.ts). */
export const metrics = pgTable('metrics', {
  id: serial('id').primaryKey(),
  title: varchar('title', { length: 200 }).notNull(),
  description: varchar('description', { length: 2000 }).notNull().default(''),
  group: varchar('group', { length: 100 }).notNull().default(''),
  outputFormat: varchar('output_format', { length: 16 }).notNull(),
  formula: jsonb('formula').$type<{ type: string; value: string }[]>().notNull(),
  editable: boolean('editable').notNull().default(true),
  status: status(),
  createdAt: createdAt(),
  createdBy: createdBy(),
});
