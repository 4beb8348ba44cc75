CREATE TABLE "song_creations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"creator_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "song_creations" ADD CONSTRAINT "song_creations_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "song_creations_creator_created_idx" ON "song_creations" USING btree ("creator_id","created_at");--> statement-breakpoint
CREATE INDEX "song_tracks_created_by_idx" ON "song_tracks" USING btree ("created_by");--> statement-breakpoint
-- Song creations recorded apart from the songs (docs/decisions/0092): one row per song written, by a statement
-- trigger, in the creating transaction whatever wrote it (a new song, a version, an import, the demo library). A
-- song's deletion leaves its row; rows past the daily window are pruned as the person creates again. The songs of the
-- last day are recorded now, so the allowance counts across this migration.
INSERT INTO song_creations (creator_id, created_at)
  SELECT creator_id, created_at FROM songs
  WHERE creator_id IS NOT NULL AND created_at > now() - interval '1 day';--> statement-breakpoint
CREATE FUNCTION choir_record_song_creations() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  INSERT INTO song_creations (creator_id, created_at)
    SELECT n.creator_id, n.created_at FROM new_songs n WHERE n.creator_id IS NOT NULL;
  DELETE FROM song_creations c
    WHERE c.creator_id IN (SELECT DISTINCT n.creator_id FROM new_songs n WHERE n.creator_id IS NOT NULL)
      AND c.created_at <= now() - interval '1 day';
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER songs_record_creations AFTER INSERT ON songs
  REFERENCING NEW TABLE AS new_songs
  FOR EACH STATEMENT EXECUTE FUNCTION choir_record_song_creations();--> statement-breakpoint
-- The daily allowance counts the record instead of the songs that still exist (same lock, same answer shape).
CREATE OR REPLACE FUNCTION choir_song_allowance(creator uuid, day_limit integer, OUT made integer, OUT wait integer)
  LANGUAGE plpgsql VOLATILE
  AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(727002, hashtext(creator::text));
  SELECT count(*)::int, ceil(extract(epoch FROM min(recent.created_at) + interval '1 day' - now()))::int
  INTO made, wait
  FROM (SELECT c.created_at FROM song_creations c
    WHERE c.creator_id = creator AND c.created_at > now() - interval '1 day'
    ORDER BY c.created_at LIMIT day_limit) recent;
END
$$;--> statement-breakpoint
-- Every stored file with the bytes it takes, who uploaded it and the choir it counts against (a choir version's
-- choir; a song's own files count against its uploader only): what the storage quotas sum. Scores join with a
-- UNION ALL of their table when they are kept the same way.
CREATE VIEW stored_files AS
  SELECT 'track'::text AS kind, t.id, t.song_id, t.created_by AS uploader_id, s.version_choir_id AS choir_id,
    t.size AS bytes
  FROM song_tracks t JOIN songs s ON s.id = t.song_id
  WHERE t.storage_key IS NOT NULL;
