-- Every deleted rehearsal track queues its stored file for removal, whatever deleted the row: the track's own
-- route, its song's deletion, or a choir's deletion taking its versions along (cascades). The server removes the
-- queued files and forgets them (features/tracks/sweeper.ts).
CREATE OR REPLACE FUNCTION choir_queue_track_deletion() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    INSERT INTO track_deletions (storage_key) VALUES (OLD.storage_key) ON CONFLICT (storage_key) DO NOTHING;
    RETURN OLD;
  END
  $$;--> statement-breakpoint
CREATE TRIGGER song_tracks_queue_deletion AFTER DELETE ON song_tracks
  FOR EACH ROW EXECUTE FUNCTION choir_queue_track_deletion();
