-- song_browse: the rows of song_search without the word vectors (about 0.15 kB a song against 0.7 kB), for
-- searches without a term (browsing, tag, title and artist filters), which count their matches over a fifth of
-- the pages (bench/search: a common tag's 13,000 songs). choir_refresh_song_search writes both tables.
CREATE TABLE "song_browse" (
	"song_id" uuid PRIMARY KEY NOT NULL,
	"visibility" smallint NOT NULL,
	"creator_id" uuid NOT NULL,
	"version_choir_id" uuid,
	"choir_ids" uuid[],
	"tag_ids" uuid[],
	"title_norm" text NOT NULL,
	"artist_norm" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "song_browse" ADD CONSTRAINT "song_browse_song_id_songs_id_fk" FOREIGN KEY ("song_id") REFERENCES "public"."songs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Written when something in it changed, like song_search's row, from the song_search row just refreshed.
CREATE OR REPLACE FUNCTION choir_refresh_song_search(song_ids uuid[]) RETURNS void
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
      excluded.words);
  INSERT INTO song_browse AS sb (song_id, visibility, creator_id, version_choir_id, choir_ids, tag_ids, title_norm,
    artist_norm, created_at)
  SELECT song_id, visibility, creator_id, version_choir_id, choir_ids, tag_ids, title_norm, artist_norm, created_at
  FROM song_search WHERE song_id = ANY(song_ids)
  ON CONFLICT (song_id) DO UPDATE SET visibility = excluded.visibility, creator_id = excluded.creator_id,
    version_choir_id = excluded.version_choir_id, choir_ids = excluded.choir_ids, tag_ids = excluded.tag_ids,
    title_norm = excluded.title_norm, artist_norm = excluded.artist_norm, created_at = excluded.created_at
  WHERE (sb.visibility, sb.creator_id, sb.version_choir_id, sb.choir_ids, sb.tag_ids, sb.title_norm, sb.artist_norm,
      sb.created_at)
    IS DISTINCT FROM (excluded.visibility, excluded.creator_id, excluded.version_choir_id, excluded.choir_ids,
      excluded.tag_ids, excluded.title_norm, excluded.artist_norm, excluded.created_at)
$$;--> statement-breakpoint
INSERT INTO song_browse (song_id, visibility, creator_id, version_choir_id, choir_ids, tag_ids, title_norm,
  artist_norm, created_at)
SELECT song_id, visibility, creator_id, version_choir_id, choir_ids, tag_ids, title_norm, artist_norm, created_at
FROM song_search;--> statement-breakpoint
CREATE INDEX "song_browse_tags_idx" ON "song_browse" USING gin ("tag_ids");--> statement-breakpoint
CREATE INDEX "song_browse_title_trgm_idx" ON "song_browse" USING gin ("title_norm" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "song_browse_artist_trgm_idx" ON "song_browse" USING gin ("artist_norm" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "song_browse_title_idx" ON "song_browse" USING btree ("title_norm","song_id");--> statement-breakpoint
CREATE INDEX "song_browse_artist_idx" ON "song_browse" USING btree ("artist_norm","title_norm","song_id");--> statement-breakpoint
CREATE INDEX "song_browse_created_idx" ON "song_browse" USING btree ("created_at","song_id");--> statement-breakpoint
CREATE INDEX "song_browse_creator_idx" ON "song_browse" USING btree ("creator_id");
