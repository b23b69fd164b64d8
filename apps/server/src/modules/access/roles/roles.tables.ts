/** Roles: a type (staff, affiliate, advertiser) and the permissions its users get. */
import { sql } from 'drizzle-orm';
import { boolean, integer, jsonb, pgTable, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from '../../../db/columns';

export const roles = pgTable(
  'roles',
  {
    id: serial('id').primaryKey(),
    title: varchar('title', { length: 200 }).notNull(),
    type: varchar('type', { length: 32 }).notNull(),
    permissions: jsonb('permissions')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    status: varchar('status', { length: 16 }).notNull().default('active'),
    /** the built-in role of a type: cannot be deactivated, the admin one keeps every permission */
    system: boolean('system').notNull().default(false),
    /** staff roles: its users must sign in with two factors (set it up before anything else) */
    requireTwoFactor: boolean('require_two_factor').notNull().default(false),
    createdAt: createdAt(),
    createdBy: integer('created_by'),
  },
  // a title is unique within its role type, ignoring case
  (t) => [uniqueIndex('roles_type_title_uq').on(t.type, sql`lower(${t.title})`)],
);
