-- What each server's in-memory search index (features/songs/search-index.ts) needs to read only what changed since it
-- last looked: the transaction that last wrote each search row, and the rows removed.
-- A server reads, in one statement, the rows whose writing transaction is not older than the oldest transaction still
-- running when it last read (pg_snapshot_xmin of that statement's snapshot): every transaction older than that had
-- ended by then, so its rows were read then; a younger one's rows are read (again) now. Rows written before this
-- migration keep a null id: they are read by a server's first, whole reading.
ALTER TABLE "song_search" ADD COLUMN "written_xid" xid8;--> statement-breakpoint
CREATE INDEX "song_search_written_idx" ON "song_search" USING btree ("written_xid");--> statement-breakpoint
CREATE OR REPLACE FUNCTION choir_song_search_written() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  NEW.written_xid := pg_current_xact_id();
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "song_search_written" BEFORE INSERT OR UPDATE ON "song_search"
  FOR EACH ROW EXECUTE FUNCTION choir_song_search_written();--> statement-breakpoint
CREATE TABLE "song_search_removed" (
	"song_id" uuid NOT NULL,
	"written_xid" xid8 NOT NULL,
	"removed_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "song_search_removed_xid_idx" ON "song_search_removed" USING btree ("written_xid");--> statement-breakpoint
CREATE INDEX "song_search_removed_at_idx" ON "song_search_removed" USING btree ("removed_at");--> statement-breakpoint
CREATE OR REPLACE FUNCTION choir_song_search_removed() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  INSERT INTO song_search_removed (song_id, written_xid) SELECT song_id, pg_current_xact_id() FROM removed_rows;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "song_search_removed" AFTER DELETE ON "song_search"
  REFERENCING OLD TABLE AS removed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION choir_song_search_removed();
