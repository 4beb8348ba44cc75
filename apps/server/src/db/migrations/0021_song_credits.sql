-- Song credits (ccli, copyright, composer, lyricist): generated from the song's text by choir_credit, the rule of
-- readCredits in @choir/songsheet: the last line that is wholly a `{name: value}`, `{name value}` or
-- `{meta: name value}` directive without a voice selector and with a value, trimmed (space and tab) and cut to
-- `max_length`; null without one. Adding the columns reads them from the songs already stored (one rewrite of the
-- table for the four). song_tracks and track_deletions: rehearsal tracks (written in the same generation).
CREATE OR REPLACE FUNCTION choir_credit(content text, name text, max_length integer) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$
  SELECT left(found.value, max_length) FROM (
    SELECT btrim(coalesce(r.m[1], regexp_replace(r.m[2], '^[ \t]*:?', '')), E' \t') AS value, r.n
    FROM regexp_matches(content,
      '^[ \t]*\{[ \t]*(?:meta(?:[ \t]*:[ \t]*|[ \t]+)' || name || '[ \t]+(.*)|' || name || '-?([ \t:].*)?)\}[ \t\r]*$',
      'gin') WITH ORDINALITY AS r(m, n)
  ) found
  WHERE found.value <> ''
  ORDER BY found.n DESC
  LIMIT 1
  $$;--> statement-breakpoint
CREATE TABLE "song_tracks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"song_id" uuid NOT NULL,
	"part" text NOT NULL,
	"label" text,
	"content_type" text NOT NULL,
	"size" bigint NOT NULL,
	"storage_key" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "song_tracks_storage_key_key" UNIQUE("storage_key"),
	CONSTRAINT "song_tracks_part_check" CHECK (char_length("song_tracks"."part") between 1 and 40),
	CONSTRAINT "song_tracks_label_check" CHECK (char_length("song_tracks"."label") between 1 and 100),
	CONSTRAINT "song_tracks_size_check" CHECK ("song_tracks"."size" >= 0),
	CONSTRAINT "song_tracks_content_type_check" CHECK ("song_tracks"."content_type" in ('audio/mpeg', 'audio/mp4', 'audio/aac', 'audio/ogg', 'audio/wav'))
);
--> statement-breakpoint
CREATE TABLE "track_deletions" (
	"storage_key" text PRIMARY KEY NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "songs" ADD COLUMN "ccli" text GENERATED ALWAYS AS (choir_credit(content, 'ccli', 30)) STORED, ADD COLUMN "copyright" text GENERATED ALWAYS AS (choir_credit(content, 'copyright', 300)) STORED, ADD COLUMN "composer" text GENERATED ALWAYS AS (choir_credit(content, 'composer', 200)) STORED, ADD COLUMN "lyricist" text GENERATED ALWAYS AS (choir_credit(content, 'lyricist', 200)) STORED;--> statement-breakpoint
ALTER TABLE "song_tracks" ADD CONSTRAINT "song_tracks_song_id_songs_id_fk" FOREIGN KEY ("song_id") REFERENCES "public"."songs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "song_tracks" ADD CONSTRAINT "song_tracks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "song_tracks_song_idx" ON "song_tracks" USING btree ("song_id","created_at");