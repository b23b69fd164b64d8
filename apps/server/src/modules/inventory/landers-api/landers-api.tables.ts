/** The landing API library. */
import { sql } from 'drizzle-orm';
import { integer, pgTable, primaryKey, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, ownedBy, status } from '../../../db/columns';
import { createdBy, verticals } from '../../access/accounts.tables';
import { categories } from '../../settings/categories/categories.tables';
import { tags } from '../../settings/tags/tags.tables';

/** The landing API library: landing pages a network keeps once and assigns to offers by language. */
export const landersApi = pgTable(
  'landers_api',
  {
    id: serial('id').primaryKey(),
    title: varchar('title', { length: 200 }).notNull(),
    description: varchar('description', { length: 2000 }).notNull().default(''),
    verticalId: integer('vertical_id').references(() => verticals.id, { onDelete: 'set null' }),
    pageType: varchar('page_type', { length: 16 }).notNull().default('landing'),
    status: status(),
    createdAt: createdAt(),
    createdBy: createdBy(),
  },
  (t) => [uniqueIndex('landers_api_title_uq').on(sql`lower(${t.title})`)],
);

export const landersApiCategories = pgTable(
  'landers_api_categories',
  {
    landerApiId: ownedBy('lander_api_id', () => landersApi.id),
    categoryId: ownedBy('category_id', () => categories.id),
  },
  (t) => [primaryKey({ columns: [t.landerApiId, t.categoryId] })],
);

export const landersApiTags = pgTable(
  'landers_api_tags',
  {
    landerApiId: ownedBy('lander_api_id', () => landersApi.id),
    tagId: ownedBy('tag_id', () => tags.id),
  },
  (t) => [primaryKey({ columns: [t.landerApiId, t.tagId] })],
);

/** One language version of a landing API page (its own URL); active or inactive. */
export const landersApiLanguages = pgTable(
  'landers_api_languages',
  {
    id: serial('id').primaryKey(),
    landerApiId: ownedBy('lander_api_id', () => landersApi.id),
    language: varchar('language', { length: 8 }).notNull(),
    targetUrl: varchar('target_url', { length: 2048 }).notNull(),
    previewUrl: varchar('preview_url', { length: 2048 }),
    status: status(),
  },
  (t) => [uniqueIndex('landers_api_languages_uq').on(t.landerApiId, t.language)],
);
