-- Link tracks: a rehearsal track may be an https:// address on another site instead of a stored file. A row is
-- either a file (storage key, type and size) or a link (link_url alone); the deletion trigger queues only files.
ALTER TABLE "song_tracks" ALTER COLUMN "content_type" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "song_tracks" ALTER COLUMN "size" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "song_tracks" ALTER COLUMN "storage_key" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "song_tracks" ADD COLUMN "link_url" text;--> statement-breakpoint
ALTER TABLE "song_tracks" ADD CONSTRAINT "song_tracks_kind_check" CHECK (("song_tracks"."storage_key" is not null and "song_tracks"."content_type" is not null and "song_tracks"."size" is not null and "song_tracks"."link_url" is null)
        or ("song_tracks"."storage_key" is null and "song_tracks"."content_type" is null and "song_tracks"."size" is null and "song_tracks"."link_url" is not null));--> statement-breakpoint
ALTER TABLE "song_tracks" ADD CONSTRAINT "song_tracks_link_url_check" CHECK ("song_tracks"."link_url" like 'https://%' and char_length("song_tracks"."link_url") <= 2000);--> statement-breakpoint
CREATE OR REPLACE FUNCTION choir_queue_track_deletion() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    IF OLD.storage_key IS NOT NULL THEN
      INSERT INTO track_deletions (storage_key) VALUES (OLD.storage_key) ON CONFLICT (storage_key) DO NOTHING;
    END IF;
    RETURN OLD;
  END
  $$;
