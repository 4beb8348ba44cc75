-- A short statistics target for the searched title: with 100 histogram entries (the default) the planner estimated
-- every `title_norm %> word` condition by computing the word similarity of each entry, about 0.4 ms of planning a
-- word, as long as running a rare word's whole search (bench/search). With fewer than 100 entries pg_trgm's
-- estimate falls back to its default selectivity, which picks the same plans for the benchmark's searches.
ALTER TABLE "song_search" ALTER COLUMN "title_norm" SET STATISTICS 10;--> statement-breakpoint
ALTER TABLE "song_browse" ALTER COLUMN "title_norm" SET STATISTICS 10;
