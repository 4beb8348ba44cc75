DROP INDEX "playlists_choir_date_key";--> statement-breakpoint
ALTER TABLE "playlist_entries" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "playlists" ADD COLUMN "time" text;--> statement-breakpoint
ALTER TABLE "playlists" ADD COLUMN "leader_id" uuid;--> statement-breakpoint
ALTER TABLE "playlists" ADD CONSTRAINT "playlists_leader_id_users_id_fk" FOREIGN KEY ("leader_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "playlists_choir_date_idx" ON "playlists" USING btree ("choir_id","date");--> statement-breakpoint
CREATE INDEX "playlists_leader_idx" ON "playlists" USING btree ("leader_id");--> statement-breakpoint
ALTER TABLE "playlist_entries" ADD CONSTRAINT "playlist_entries_note_check" CHECK ("playlist_entries"."note" is null or char_length("playlist_entries"."note") between 1 and 200);--> statement-breakpoint
ALTER TABLE "playlists" ADD CONSTRAINT "playlists_time_check" CHECK ("playlists"."time" is null or "playlists"."time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$');