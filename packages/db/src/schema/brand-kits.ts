import type { TextStyle } from '@hookwall/video/schemas';
import { sql } from 'drizzle-orm';
import { bigint, boolean, doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { contexts } from './contexts.ts';
import { teams } from './teams.ts';

/**
 * A font a team uploaded (TTF, OTF, WOFF or WOFF2), checked and read when it came in: family,
 * weight (100-900) and style ('normal' | 'italic') from its name and OS/2 tables. The file is at
 * storage_key (`teams/{teamId}/brand-fonts/{id}.{ext}`, content_type font/…), a PNG of the family's
 * name drawn in the font at preview_key; size counts both toward the team's storage.
 */
export const brandFonts = pgTable(
  'brand_fonts',
  {
    id: uuid('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    family: text('family').notNull(),
    weight: integer('weight').notNull(),
    style: text('style').notNull(),
    /** 'ttf' | 'otf' | 'woff' | 'woff2' */
    format: text('format').notNull(),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull(),
    previewKey: text('preview_key').notNull(),
    size: bigint('size', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('brand_fonts_team_created_idx').on(t.teamId, t.createdAt, t.id)],
);

/** A kit's colours as stored; a colour left out is the default's (brand-kits.schemas.ts). */
export interface BrandKitColors {
  primary: string;
  secondary: string;
  text: string;
  background: string;
}

/** A kit's end card as stored; a field left out is the default's. */
export interface BrandKitEndCard {
  enabled: boolean;
  headline: string;
  cta: string;
  url: string;
  seconds: number;
}

/**
 * A brand kit: the look a team's videos take for one brand (several per team, for agencies). At
 * most one per team is the default (the partial unique index); the API keeps exactly one while the
 * team has any. The font is a built-in family (font_family) or an uploaded one (brand_font_id,
 * which cannot be deleted while a kit uses it: NO ACTION, checked at the end of the statement, so a team's deletion cascading to both tables passes), never both. colors: {primary, secondary, text,
 * background} as #rrggbb; text_style: a partial text style; end_card: {enabled, headline, cta,
 * url, seconds}. The logo is a PNG at logo_key (`teams/{teamId}/brand-logos/{uuid}.png`).
 */
export const brandKits = pgTable(
  'brand_kits',
  {
    id: uuid('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    colors: jsonb('colors').$type<Partial<BrandKitColors>>().notNull(),
    fontFamily: text('font_family'),
    brandFontId: uuid('brand_font_id').references(() => brandFonts.id, { onDelete: 'no action' }),
    logoKey: text('logo_key'),
    logoSize: bigint('logo_size', { mode: 'number' }).notNull().default(0),
    logoWidth: integer('logo_width'),
    logoHeight: integer('logo_height'),
    logoPosition: text('logo_position').notNull().default('top-right'),
    logoScale: doublePrecision('logo_scale').notNull().default(0.18),
    textStyle: jsonb('text_style').$type<Partial<TextStyle>>().notNull().default({}),
    captionStyle: text('caption_style').notNull().default('highlight'),
    endCard: jsonb('end_card').$type<Partial<BrandKitEndCard>>().notNull(),
    contextId: integer('context_id').references(() => contexts.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('brand_kits_team_created_idx').on(t.teamId, t.createdAt, t.id),
    uniqueIndex('brand_kits_one_default_uq').on(t.teamId).where(sql`${t.isDefault}`),
    index('brand_kits_brand_font_idx').on(t.brandFontId),
  ],
);
