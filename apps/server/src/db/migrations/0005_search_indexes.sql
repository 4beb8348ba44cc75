-- Index-only visibility checks for songs reached through a join (tag filters, choir lists), and a tag's songs
-- straight from the index (bench/search).
DROP INDEX "song_tags_tag_idx";--> statement-breakpoint
CREATE INDEX "songs_access_idx" ON "songs" USING btree ("id","visibility","creator_id","version_choir_id");--> statement-breakpoint
CREATE INDEX "song_tags_tag_idx" ON "song_tags" USING btree ("tag_id","song_id");