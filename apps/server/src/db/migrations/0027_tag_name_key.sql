-- A tag filter compares each tag's name lowercase and unaccented. Computed as each search read it,
-- lower(choir_unaccent(name)) ran for every tag on every search with a tag: choir_unaccent cannot be inlined
-- (unaccent is stable, the wrapper immutable), so each call ran as a statement of its own. Kept as a column
-- instead, written once with the name.
DROP INDEX "tags_name_folded_idx";--> statement-breakpoint
ALTER TABLE "tags" ADD COLUMN "name_key" text GENERATED ALWAYS AS (lower(choir_unaccent(name))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "tags_name_key_idx" ON "tags" USING btree ("name_key");