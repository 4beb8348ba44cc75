CREATE TABLE "search_generation" (
	"id" integer PRIMARY KEY NOT NULL,
	"value" bigint NOT NULL,
	CONSTRAINT "search_generation_one_row" CHECK ("search_generation"."id" = 1)
);
--> statement-breakpoint
-- The search generation: one number, raised in the same transaction as any change a search can answer. Statement
-- triggers with transition tables raise it once a statement, and only when the statement changed a row (an upsert of
-- song_search that finds nothing new changes none).
INSERT INTO "search_generation" ("id", "value") VALUES (1, 1);--> statement-breakpoint
CREATE FUNCTION choir_raise_search_generation() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM changed_rows) THEN
    UPDATE search_generation SET value = value + 1 WHERE id = 1;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- A person's name or e-mail (shown as a song's creator) changed; other columns of users (the current choir) do not
-- touch search answers.
CREATE FUNCTION choir_raise_search_generation_users() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (n.first_name, n.last_name, n.email) IS DISTINCT FROM (o.first_name, o.last_name, o.email)) THEN
    UPDATE search_generation SET value = value + 1 WHERE id = 1;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- A choir's name (shown with the songs shared with it) changed.
CREATE FUNCTION choir_raise_search_generation_choirs() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n.name IS DISTINCT FROM o.name) THEN
    UPDATE search_generation SET value = value + 1 WHERE id = 1;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER search_generation_song_search_insert AFTER INSERT ON song_search REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION choir_raise_search_generation();--> statement-breakpoint
CREATE TRIGGER search_generation_song_search_update AFTER UPDATE ON song_search REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION choir_raise_search_generation();--> statement-breakpoint
CREATE TRIGGER search_generation_song_search_delete AFTER DELETE ON song_search REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION choir_raise_search_generation();--> statement-breakpoint
-- Songs: an edit can change what a search shows (the lyrics, the audio link) without changing the song's search row.
CREATE TRIGGER search_generation_songs_update AFTER UPDATE ON songs REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION choir_raise_search_generation();--> statement-breakpoint
CREATE TRIGGER search_generation_songs_delete AFTER DELETE ON songs REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION choir_raise_search_generation();--> statement-breakpoint
-- Memberships decide what a person may see.
CREATE TRIGGER search_generation_members_insert AFTER INSERT ON choir_members REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION choir_raise_search_generation();--> statement-breakpoint
CREATE TRIGGER search_generation_members_update AFTER UPDATE ON choir_members REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION choir_raise_search_generation();--> statement-breakpoint
CREATE TRIGGER search_generation_members_delete AFTER DELETE ON choir_members REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION choir_raise_search_generation();--> statement-breakpoint
-- Tags: a search names tags, and shows their names.
CREATE TRIGGER search_generation_tags_insert AFTER INSERT ON tags REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION choir_raise_search_generation();--> statement-breakpoint
CREATE TRIGGER search_generation_tags_update AFTER UPDATE ON tags REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION choir_raise_search_generation();--> statement-breakpoint
CREATE TRIGGER search_generation_tags_delete AFTER DELETE ON tags REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION choir_raise_search_generation();--> statement-breakpoint
CREATE TRIGGER search_generation_users_update AFTER UPDATE ON users REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION choir_raise_search_generation_users();--> statement-breakpoint
CREATE TRIGGER search_generation_choirs_update AFTER UPDATE ON choirs REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION choir_raise_search_generation_choirs();
