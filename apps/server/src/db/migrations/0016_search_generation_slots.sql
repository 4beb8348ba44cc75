-- The search generation spread over 64 rows. With one row, every transaction that changed something a search can
-- show raised it and held its lock until commit, so all writers of songs, tags and memberships queued for that one
-- lock (66 new songs a second at 32 concurrent requests, bench/writes). A transaction now raises the row its
-- transaction id picks, keeping that one lock; a search reads the sum of the rows in the same snapshot as its
-- results, and the sum still rises with every committed change.
ALTER TABLE "search_generation" DROP CONSTRAINT "search_generation_one_row";--> statement-breakpoint
ALTER TABLE "search_generation" ADD CONSTRAINT "search_generation_slot" CHECK ("search_generation"."id" between 1 and 64);--> statement-breakpoint
INSERT INTO "search_generation" ("id", "value") SELECT n, 0 FROM generate_series(2, 64) AS n;--> statement-breakpoint
CREATE FUNCTION choir_raise_search_generation_slot() RETURNS void
  LANGUAGE sql VOLATILE
  AS $$
  UPDATE search_generation SET value = value + 1 WHERE id = 1 + (pg_current_xact_id()::text::bigint % 64)
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION choir_raise_search_generation() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM changed_rows) THEN
    PERFORM choir_raise_search_generation_slot();
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION choir_raise_search_generation_users() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (n.first_name, n.last_name, n.email) IS DISTINCT FROM (o.first_name, o.last_name, o.email)) THEN
    PERFORM choir_raise_search_generation_slot();
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION choir_raise_search_generation_choirs() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n.name IS DISTINCT FROM o.name) THEN
    PERFORM choir_raise_search_generation_slot();
  END IF;
  RETURN NULL;
END
$$;
