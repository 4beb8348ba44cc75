-- songs_access_idx again, with the visibility columns as INCLUDE columns (written by hand: drizzle cannot declare
-- them): still index-only visibility checks for songs reached through a join (tag filters), but the planner can no
-- longer scan the whole index for a "visibility = 2" condition, as it did with them as key columns (bench/search).
DROP INDEX "songs_access_idx";--> statement-breakpoint
CREATE INDEX "songs_access_idx" ON "songs" USING btree ("id") INCLUDE ("visibility","creator_id","version_choir_id");
