-- A section's entries are numbered 0..n-1 again whenever one is added, moved or removed. With the position in an
-- index, each renumbered row was a new row version with an entry in every index of the table, and the old entries
-- stayed until a vacuum: a busy playlist's section index held thousands of dead entries and its rows spread over
-- hundreds of pages. Indexed by section alone, a renumbering changes no indexed column, so PostgreSQL updates the row
-- on its own page (a HOT update) and later readers prune the old versions without a vacuum; the read orders a
-- section's few entries itself. A fifth of each page is left free for those updates.
DROP INDEX "playlist_entries_section_idx";--> statement-breakpoint
CREATE INDEX "playlist_entries_section_idx" ON "playlist_entries" USING btree ("section_id");--> statement-breakpoint
ALTER TABLE "playlist_entries" SET (fillfactor = 80);
