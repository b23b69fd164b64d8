/** The hold queue settings per geo. */
import { integer, pgTable, serial, varchar } from 'drizzle-orm/pg-core';
import { createdAt, status } from '../../../db/columns';
import { createdBy } from '../../access/accounts.tables';
import { geos } from '../../settings/geos/geos.tables';

/** Hold queue: leads of a geo kept back inside a daily window, released every `interval_minutes`. */
export const holdConfigs = pgTable('hold_configs', {
  id: serial('id').primaryKey(),
  geoId: integer('geo_id')
    .notNull()
    .references(() => geos.id),
  periodStart: varchar('period_start', { length: 8 }).notNull(),
  periodEnd: varchar('period_end', { length: 8 }).notNull(),
  timezone: varchar('timezone', { length: 64 }).notNull().default('UTC'),
  intervalMinutes: integer('interval_minutes').notNull(),
  /** fresh leads (arrived in the current window) released per interval */
  fresh: integer('fresh').notNull().default(0),
  /** older leads released per interval */
  old: integer('old').notNull().default(0),
  status: status(),
  createdAt: createdAt(),
  createdBy: createdBy(),
});
