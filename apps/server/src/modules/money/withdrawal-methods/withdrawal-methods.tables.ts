/** Affiliates' withdrawal methods. */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, varchar } from 'drizzle-orm/pg-core';
import { createdAt, ownedBy, status } from '../../../db/columns';
import { users } from '../../access/accounts.tables';
import { paymentMethods } from '../payment-methods/payment-methods.tables';

/** An affiliate's filled-in payment method. */
export const withdrawalMethods = pgTable(
  'withdrawal_methods',
  {
    id: serial('id').primaryKey(),
    userId: ownedBy('user_id', () => users.id),
    paymentMethodId: integer('payment_method_id')
      .notNull()
      .references(() => paymentMethods.id),
    title: varchar('title', { length: 200 }).notNull().default(''),
    values: jsonb('values')
      .$type<Record<string, string>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    isDefault: boolean('is_default').notNull().default(false),
    status: status(),
    createdAt: createdAt(),
  },
  (t) => [index('withdrawal_methods_user_idx').on(t.userId)],
);
