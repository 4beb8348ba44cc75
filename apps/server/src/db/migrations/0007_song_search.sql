-- Song search moves to a narrow table of its own, song_search (one row per song, about 0.7 kB), so that a search
-- counts, filters and ranks its matches without reading the songs' 1.7 kB rows: the lyrics and the stored search
-- vector made a common word's 22,000 matches touch 16,500 heap pages (bench/search). PostgreSQL only moves values
-- out of line (TOAST) once a row passes about 2 kB, whatever toast_tuple_target says, so the songs rows could not
-- be narrowed in place. The rows are written by the database alone: triggers on songs, song_tags and song_choirs
-- refresh the rows of the songs a statement touched (choir_refresh_song_search).
CREATE TABLE "song_search" (
	"song_id" uuid PRIMARY KEY NOT NULL,
	"visibility" smallint NOT NULL,
	"creator_id" uuid NOT NULL,
	"version_choir_id" uuid,
	"choir_ids" uuid[],
	"tag_ids" uuid[],
	"title_norm" text NOT NULL,
	"artist_norm" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"head_vector" "tsvector" NOT NULL,
	"words" "tsvector" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "song_search" ADD CONSTRAINT "song_search_song_id_songs_id_fk" FOREIGN KEY ("song_id") REFERENCES "public"."songs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The search row of each song in `song_ids` that exists, written only when something in it changed (a song saved with
-- its tags and choirs touches it several times in one transaction). head_vector: title (A), artist (B), tag names
-- (C), for ranking; words: every word of title, artist, tags and lyrics, without positions, for matching.
CREATE FUNCTION choir_refresh_song_search(song_ids uuid[]) RETURNS void
  LANGUAGE sql VOLATILE
  AS $$
  INSERT INTO song_search AS ss (song_id, visibility, creator_id, version_choir_id, choir_ids, tag_ids, title_norm,
    artist_norm, created_at, head_vector, words)
  SELECT s.id, s.visibility, s.creator_id, s.version_choir_id, c.list, t.list, s.title_norm, s.artist_norm, s.created_at,
    setweight(to_tsvector('simple'::regconfig, choir_unaccent(s.title)), 'A')
      || setweight(to_tsvector('simple'::regconfig, choir_unaccent(coalesce(s.artist, ''))), 'B')
      || setweight(to_tsvector('simple'::regconfig, choir_unaccent(coalesce(t.names, ''))), 'C'),
    strip(to_tsvector('simple'::regconfig, choir_unaccent(s.title || ' ' || coalesce(s.artist, '') || ' '
      || coalesce(t.names, '') || ' ' || choir_lyrics(s.content))))
  FROM songs s
  LEFT JOIN LATERAL (
    SELECT array_agg(st.tag_id ORDER BY st.tag_id) AS list, string_agg(tg.name, ' ' ORDER BY tg.name) AS names
    FROM song_tags st JOIN tags tg ON tg.id = st.tag_id WHERE st.song_id = s.id) t ON true
  LEFT JOIN LATERAL (
    SELECT array_agg(sc.choir_id ORDER BY sc.choir_id) AS list FROM song_choirs sc WHERE sc.song_id = s.id) c ON true
  WHERE s.id = ANY(song_ids)
  ON CONFLICT (song_id) DO UPDATE SET visibility = excluded.visibility, creator_id = excluded.creator_id,
    version_choir_id = excluded.version_choir_id, choir_ids = excluded.choir_ids, tag_ids = excluded.tag_ids,
    title_norm = excluded.title_norm, artist_norm = excluded.artist_norm, created_at = excluded.created_at,
    head_vector = excluded.head_vector, words = excluded.words
  WHERE (ss.visibility, ss.creator_id, ss.version_choir_id, ss.choir_ids, ss.tag_ids, ss.title_norm, ss.artist_norm,
      ss.created_at, ss.head_vector, ss.words)
    IS DISTINCT FROM (excluded.visibility, excluded.creator_id, excluded.version_choir_id, excluded.choir_ids,
      excluded.tag_ids, excluded.title_norm, excluded.artist_norm, excluded.created_at, excluded.head_vector,
      excluded.words)
$$;--> statement-breakpoint
CREATE FUNCTION choir_song_search_songs() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  PERFORM choir_refresh_song_search(ARRAY(SELECT id FROM changed_rows));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION choir_song_search_links() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  PERFORM choir_refresh_song_search(ARRAY(SELECT DISTINCT song_id FROM changed_rows));
  RETURN NULL;
END
$$;--> statement-breakpoint
SELECT choir_refresh_song_search(ARRAY(SELECT id FROM songs));--> statement-breakpoint
CREATE TRIGGER song_search_songs_insert AFTER INSERT ON songs REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION choir_song_search_songs();--> statement-breakpoint
CREATE TRIGGER song_search_songs_update AFTER UPDATE ON songs REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION choir_song_search_songs();--> statement-breakpoint
CREATE TRIGGER song_search_tags_insert AFTER INSERT ON song_tags REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION choir_song_search_links();--> statement-breakpoint
CREATE TRIGGER song_search_tags_delete AFTER DELETE ON song_tags REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION choir_song_search_links();--> statement-breakpoint
CREATE TRIGGER song_search_choirs_insert AFTER INSERT ON song_choirs REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION choir_song_search_links();--> statement-breakpoint
CREATE TRIGGER song_search_choirs_delete AFTER DELETE ON song_choirs REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION choir_song_search_links();--> statement-breakpoint
CREATE INDEX "song_search_words_idx" ON "song_search" USING gin ("words");--> statement-breakpoint
CREATE INDEX "song_search_tags_idx" ON "song_search" USING gin ("tag_ids");--> statement-breakpoint
CREATE INDEX "song_search_title_trgm_idx" ON "song_search" USING gin ("title_norm" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "song_search_artist_trgm_idx" ON "song_search" USING gin ("artist_norm" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "song_search_title_idx" ON "song_search" USING btree ("title_norm","song_id");--> statement-breakpoint
CREATE INDEX "song_search_artist_idx" ON "song_search" USING btree ("artist_norm","title_norm","song_id");--> statement-breakpoint
CREATE INDEX "song_search_created_idx" ON "song_search" USING btree ("created_at","song_id");--> statement-breakpoint
CREATE INDEX "song_search_creator_idx" ON "song_search" USING btree ("creator_id");--> statement-breakpoint
DROP INDEX "songs_search_idx";--> statement-breakpoint
DROP INDEX "songs_title_trgm_idx";--> statement-breakpoint
DROP INDEX "songs_artist_trgm_idx";--> statement-breakpoint
ALTER TABLE "songs" DROP COLUMN "search_vector";
