-- lyrics_norm: the lyrics as the content filter compares them (chords and directives out, lowercase, unaccented),
-- computed when a song is saved instead of on every search. Adding the generated column computes it for the songs
-- already stored. The index counts a person's songs of the last 24 hours against SONG_CREATE_LIMIT_PER_DAY.
ALTER TABLE "songs" ADD COLUMN "lyrics_norm" text GENERATED ALWAYS AS (lower(choir_unaccent(choir_lyrics(content)))) STORED;--> statement-breakpoint
CREATE INDEX "songs_creator_created_idx" ON "songs" USING btree ("creator_id","created_at");