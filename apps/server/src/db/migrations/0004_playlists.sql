-- Playlist templates (a choir's own, or built in), dated playlists, their sections and song entries.
-- Orders are kept 0..n-1 by the services; the database keeps the rules that races could break: one default
-- template per choir, a song at most once per playlist, one playlist per choir and date, and an entry's section
-- belonging to the entry's own playlist.
CREATE TABLE "playlist_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"choir_id" uuid,
	"global_key" text,
	"title" text NOT NULL,
	"description" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "playlist_templates_owner_check" CHECK (("playlist_templates"."choir_id" is null) <> ("playlist_templates"."global_key" is null)),
	CONSTRAINT "playlist_templates_default_check" CHECK ("playlist_templates"."choir_id" is not null or not "playlist_templates"."is_default")
);
--> statement-breakpoint
CREATE TABLE "template_sections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"template_id" uuid NOT NULL,
	"title" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "template_sections_position_check" CHECK ("template_sections"."position" >= 0)
);
--> statement-breakpoint
CREATE TABLE "playlists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"choir_id" uuid NOT NULL,
	"date" date NOT NULL,
	"title" text,
	"is_public" boolean DEFAULT false NOT NULL,
	"template_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "playlist_sections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"playlist_id" uuid NOT NULL,
	"title" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "playlist_sections_id_playlist_key" UNIQUE("id","playlist_id"),
	CONSTRAINT "playlist_sections_position_check" CHECK ("playlist_sections"."position" >= 0)
);
--> statement-breakpoint
CREATE TABLE "playlist_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"playlist_id" uuid NOT NULL,
	"section_id" uuid NOT NULL,
	"song_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "playlist_entries_position_check" CHECK ("playlist_entries"."position" >= 0),
	CONSTRAINT "playlist_entries_key_check" CHECK ("playlist_entries"."key" is null or "playlist_entries"."key" ~ '^[A-G][#b]?m?$')
);
--> statement-breakpoint
ALTER TABLE "playlist_templates" ADD CONSTRAINT "playlist_templates_choir_id_choirs_id_fk" FOREIGN KEY ("choir_id") REFERENCES "public"."choirs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_sections" ADD CONSTRAINT "template_sections_template_id_playlist_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."playlist_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlists" ADD CONSTRAINT "playlists_choir_id_choirs_id_fk" FOREIGN KEY ("choir_id") REFERENCES "public"."choirs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlists" ADD CONSTRAINT "playlists_template_id_playlist_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."playlist_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlists" ADD CONSTRAINT "playlists_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlist_sections" ADD CONSTRAINT "playlist_sections_playlist_id_playlists_id_fk" FOREIGN KEY ("playlist_id") REFERENCES "public"."playlists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlist_entries" ADD CONSTRAINT "playlist_entries_playlist_id_playlists_id_fk" FOREIGN KEY ("playlist_id") REFERENCES "public"."playlists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlist_entries" ADD CONSTRAINT "playlist_entries_song_id_songs_id_fk" FOREIGN KEY ("song_id") REFERENCES "public"."songs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlist_entries" ADD CONSTRAINT "playlist_entries_section_fk" FOREIGN KEY ("section_id","playlist_id") REFERENCES "public"."playlist_sections"("id","playlist_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "playlist_templates_choir_idx" ON "playlist_templates" USING btree ("choir_id");--> statement-breakpoint
CREATE UNIQUE INDEX "playlist_templates_default_key" ON "playlist_templates" USING btree ("choir_id") WHERE "playlist_templates"."is_default";--> statement-breakpoint
CREATE UNIQUE INDEX "playlist_templates_global_key" ON "playlist_templates" USING btree ("global_key") WHERE "playlist_templates"."global_key" is not null;--> statement-breakpoint
CREATE INDEX "template_sections_template_idx" ON "template_sections" USING btree ("template_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "playlists_choir_date_key" ON "playlists" USING btree ("choir_id","date");--> statement-breakpoint
CREATE INDEX "playlists_template_idx" ON "playlists" USING btree ("template_id");--> statement-breakpoint
CREATE INDEX "playlist_sections_playlist_idx" ON "playlist_sections" USING btree ("playlist_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "playlist_entries_playlist_song_key" ON "playlist_entries" USING btree ("playlist_id","song_id");--> statement-breakpoint
CREATE INDEX "playlist_entries_section_idx" ON "playlist_entries" USING btree ("section_id","position");--> statement-breakpoint
CREATE INDEX "playlist_entries_song_idx" ON "playlist_entries" USING btree ("song_id");--> statement-breakpoint
-- The built-in templates. Titles and section titles are keys: the API answers them as they are (the contract)
-- and translated in `displayTitle`. The choice of sections is written down in docs/decisions.md.
WITH "template" AS (
	INSERT INTO "playlist_templates" ("global_key", "title") VALUES ('mass', 'mass') RETURNING "id"
)
INSERT INTO "template_sections" ("template_id", "title", "position")
SELECT "template"."id", "section"."key", "section"."ordinal" - 1
FROM "template", unnest(ARRAY['entrance', 'penitential', 'gloria', 'word', 'offertory', 'holy', 'peace', 'communion', 'recessional']::text[]) WITH ORDINALITY AS "section"("key", "ordinal");--> statement-breakpoint
WITH "template" AS (
	INSERT INTO "playlist_templates" ("global_key", "title") VALUES ('generic', 'generic') RETURNING "id"
)
INSERT INTO "template_sections" ("template_id", "title", "position")
SELECT "template"."id", "section"."key", "section"."ordinal" - 1
FROM "template", unnest(ARRAY['songs']::text[]) WITH ORDINALITY AS "section"("key", "ordinal");--> statement-breakpoint
WITH "template" AS (
	INSERT INTO "playlist_templates" ("global_key", "title") VALUES ('service', 'service') RETURNING "id"
)
INSERT INTO "template_sections" ("template_id", "title", "position")
SELECT "template"."id", "section"."key", "section"."ordinal" - 1
FROM "template", unnest(ARRAY['prelude', 'opening', 'worship', 'word', 'offertory', 'closing', 'postlude']::text[]) WITH ORDINALITY AS "section"("key", "ordinal");--> statement-breakpoint
WITH "template" AS (
	INSERT INTO "playlist_templates" ("global_key", "title") VALUES ('practice', 'practice') RETURNING "id"
)
INSERT INTO "template_sections" ("template_id", "title", "position")
SELECT "template"."id", "section"."key", "section"."ordinal" - 1
FROM "template", unnest(ARRAY['hymns', 'psalms', 'anthem', 'songs']::text[]) WITH ORDINALITY AS "section"("key", "ordinal");--> statement-breakpoint
WITH "template" AS (
	INSERT INTO "playlist_templates" ("global_key", "title") VALUES ('concert', 'concert') RETURNING "id"
)
INSERT INTO "template_sections" ("template_id", "title", "position")
SELECT "template"."id", "section"."key", "section"."ordinal" - 1
FROM "template", unnest(ARRAY['prelude', 'opening', 'songs', 'anthem', 'closing', 'postlude']::text[]) WITH ORDINALITY AS "section"("key", "ordinal");--> statement-breakpoint
WITH "template" AS (
	INSERT INTO "playlist_templates" ("global_key", "title") VALUES ('wedding', 'wedding') RETURNING "id"
)
INSERT INTO "template_sections" ("template_id", "title", "position")
SELECT "template"."id", "section"."key", "section"."ordinal" - 1
FROM "template", unnest(ARRAY['prelude', 'entrance', 'psalms', 'word', 'communion', 'recessional', 'postlude']::text[]) WITH ORDINALITY AS "section"("key", "ordinal");--> statement-breakpoint
WITH "template" AS (
	INSERT INTO "playlist_templates" ("global_key", "title") VALUES ('funeral', 'funeral') RETURNING "id"
)
INSERT INTO "template_sections" ("template_id", "title", "position")
SELECT "template"."id", "section"."key", "section"."ordinal" - 1
FROM "template", unnest(ARRAY['entrance', 'psalms', 'word', 'hymns', 'communion', 'recessional']::text[]) WITH ORDINALITY AS "section"("key", "ordinal");