-- A new song's search row computed once, and fewer statements per song (bench/writes: 75 new songs a second).
-- Measured per song on PostgreSQL: the text folding itself (unaccent, choir_lyrics, to_tsvector) is about 0.15 ms;
-- what cost was planning. choir_refresh_song_search was a LANGUAGE sql function, planned again on every call (1 ms
-- for one song, 0.25 ms a song for 200 at once), with choir_tag_equivalents planned inside it per statement, and it ran
-- twice for a song saved with tags: after the song's statement and again after its tags'.
-- - choir_refresh_song_search and choir_raise_search_generation_slot: the same statements in plpgsql, whose plans a
--   connection keeps (the refresh's generic plans: PostgreSQL's choice, a custom plan for each call's array of ids,
--   planned again on every call); the glossary names of each tag read by a join instead of a function call (the
--   same words).
-- - After a statement on song_tags or song_choirs, only songs whose search row is missing or lists other tags or
--   choirs than the song now has are refreshed; after an insert into songs, only songs without a search row. A
--   statement that writes a song and its tags together (a data-modifying WITH) thus computes the row once, whichever
--   trigger fires first: both fire after the whole statement, when the song, its tags and choirs are all in place.
--   A search row lists the same tags and choirs as the song's links only once this transaction refreshed it (holding
--   the song's row lock, so a concurrent change of the same song still waits and reads again, as in 0010) or when
--   the statement changed nothing.
-- - choir_song_allowance: the daily limit's lock and count in one call, callable from inside the statement that
--   writes the songs; the lock an advisory one instead of the person's row.
-- - choir_tag_ids: the tags of new songs, created when unknown and then read in a statement of their own, with their
--   glossary names, callable from inside the statement that writes the songs.
CREATE OR REPLACE FUNCTION choir_refresh_song_search(song_ids uuid[]) RETURNS void
  LANGUAGE plpgsql VOLATILE
  -- One plan for any number of songs: planned for each call's array, its statements cost twice as much.
  SET plan_cache_mode = force_generic_plan
  AS $$
BEGIN
  IF coalesce(cardinality(song_ids), 0) = 0 THEN
    RETURN;
  END IF;
  PERFORM 1 FROM songs WHERE id = ANY(song_ids) ORDER BY id FOR NO KEY UPDATE;
  INSERT INTO song_search AS ss (song_id, visibility, creator_id, version_choir_id, choir_ids, tag_ids, title_norm,
    artist_norm, created_at, head_vector, words)
  SELECT s.id, s.visibility, s.creator_id, s.version_choir_id, c.list, t.list, s.title_norm, s.artist_norm, s.created_at,
    setweight(to_tsvector('simple'::regconfig, choir_unaccent(s.title)), 'A')
      || setweight(to_tsvector('simple'::regconfig, choir_unaccent(coalesce(s.artist, ''))), 'B')
      || setweight(to_tsvector('simple'::regconfig, choir_unaccent(coalesce(t.names, ''))), 'C'),
    strip(to_tsvector('simple'::regconfig, choir_unaccent(s.title || ' ' || coalesce(s.artist, '') || ' '
      || coalesce(t.names, '') || ' ' || choir_lyrics(s.content))))
  FROM songs s
  LEFT JOIN LATERAL (
    SELECT array_agg(st.tag_id ORDER BY st.tag_id) AS list,
      string_agg(tg.name || coalesce(' ' || eq.names, ''), ' ' ORDER BY tg.name) AS names
    FROM song_tags st
    JOIN tags tg ON tg.id = st.tag_id
    -- choir_tag_equivalents(tg.name), joined: every glossary name of the tag's concept, or null.
    LEFT JOIN LATERAL (
      SELECT string_agg(g.name, ' ' ORDER BY g.concept, g.locale, g.name) AS names
      FROM tag_glossary g
      WHERE g.concept IN (SELECT k.concept FROM tag_glossary k WHERE k.name_key = lower(choir_unaccent(tg.name)))) eq ON true
    WHERE st.song_id = s.id) t ON true
  LEFT JOIN LATERAL (
    SELECT array_agg(sc.choir_id ORDER BY sc.choir_id) AS list FROM song_choirs sc WHERE sc.song_id = s.id) c ON true
  WHERE s.id = ANY(song_ids)
  ON CONFLICT (song_id) DO UPDATE SET visibility = excluded.visibility, creator_id = excluded.creator_id,
    version_choir_id = excluded.version_choir_id, choir_ids = excluded.choir_ids, tag_ids = excluded.tag_ids,
    title_norm = excluded.title_norm, artist_norm = excluded.artist_norm, created_at = excluded.created_at,
    head_vector = excluded.head_vector, words = excluded.words
  WHERE (ss.visibility, ss.creator_id, ss.version_choir_id, ss.choir_ids, ss.tag_ids, ss.title_norm, ss.artist_norm,
      ss.created_at, ss.head_vector, ss.words)
    IS DISTINCT FROM (excluded.visibility, excluded.creator_id, excluded.version_choir_id, excluded.choir_ids,
      excluded.tag_ids, excluded.title_norm, excluded.artist_norm, excluded.created_at, excluded.head_vector,
      excluded.words);
  INSERT INTO song_browse AS sb (song_id, visibility, creator_id, version_choir_id, choir_ids, tag_ids, title_norm,
    artist_norm, created_at)
  SELECT r.song_id, r.visibility, r.creator_id, r.version_choir_id, r.choir_ids, r.tag_ids, r.title_norm, r.artist_norm,
    r.created_at
  FROM song_search r WHERE r.song_id = ANY(song_ids)
  ON CONFLICT (song_id) DO UPDATE SET visibility = excluded.visibility, creator_id = excluded.creator_id,
    version_choir_id = excluded.version_choir_id, choir_ids = excluded.choir_ids, tag_ids = excluded.tag_ids,
    title_norm = excluded.title_norm, artist_norm = excluded.artist_norm, created_at = excluded.created_at
  WHERE (sb.visibility, sb.creator_id, sb.version_choir_id, sb.choir_ids, sb.tag_ids, sb.title_norm, sb.artist_norm,
      sb.created_at)
    IS DISTINCT FROM (excluded.visibility, excluded.creator_id, excluded.version_choir_id, excluded.choir_ids,
      excluded.tag_ids, excluded.title_norm, excluded.artist_norm, excluded.created_at);
END
$$;--> statement-breakpoint
-- Songs: an update always refreshes (title, artist, lyrics or visibility may have changed); an insert refreshes the
-- songs that have no search row yet (one written after this statement by the links trigger is already whole).
CREATE OR REPLACE FUNCTION choir_song_search_songs() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM choir_refresh_song_search(ARRAY(
      SELECT n.id FROM changed_rows n WHERE NOT EXISTS (SELECT 1 FROM song_search ss WHERE ss.song_id = n.id)));
  ELSE
    PERFORM choir_refresh_song_search(ARRAY(SELECT id FROM changed_rows));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Tags and choirs of songs: the songs whose search row is missing or lists other tags or choirs than they now have.
CREATE OR REPLACE FUNCTION choir_song_search_links() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  PERFORM choir_refresh_song_search(ARRAY(
    SELECT changed.song_id FROM (SELECT DISTINCT song_id FROM changed_rows) changed
    LEFT JOIN song_search ss ON ss.song_id = changed.song_id
    WHERE ss.song_id IS NULL
      OR ss.tag_ids IS DISTINCT FROM (SELECT array_agg(st.tag_id ORDER BY st.tag_id) FROM song_tags st
        WHERE st.song_id = changed.song_id)
      OR ss.choir_ids IS DISTINCT FROM (SELECT array_agg(sc.choir_id ORDER BY sc.choir_id) FROM song_choirs sc
        WHERE sc.song_id = changed.song_id)));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION choir_raise_search_generation_slot() RETURNS void
  LANGUAGE plpgsql VOLATILE
  AS $$
BEGIN
  UPDATE search_generation SET value = value + 1 WHERE id = 1 + (pg_current_xact_id()::text::bigint % 64);
END
$$;--> statement-breakpoint
-- A person's new songs of the last 24 hours (at most day_limit of them counted) and the seconds until the oldest
-- of them stops counting, after taking the person's song lock (an advisory lock, held until the transaction ends):
-- one person's concurrent creations are counted one after another. The count is a statement of its own, so it sees
-- what the creation this one waited for committed. (The lock was the person's users row, FOR NO KEY UPDATE: a
-- tuple lock writes the row and the WAL, an advisory lock neither.)
CREATE FUNCTION choir_song_allowance(creator uuid, day_limit integer, OUT made integer, OUT wait integer)
  LANGUAGE plpgsql VOLATILE
  AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(727002, hashtext(creator::text));
  SELECT count(*)::int, ceil(extract(epoch FROM min(recent.created_at) + interval '1 day' - now()))::int
  INTO made, wait
  FROM (SELECT s.created_at FROM songs s WHERE s.creator_id = creator AND s.created_at > now() - interval '1 day'
    ORDER BY s.created_at LIMIT day_limit) recent;
END
$$;--> statement-breakpoint
-- The tags of these names (one tag per name whatever its case), created when unknown and then read in a statement of
-- their own (so a tag another transaction created meanwhile is found too): each with its key (lower(name)) to match
-- names by, and its names in the glossary as choir_tag_names gives them (the same query, written here so that its
-- plan is kept with this function's).
CREATE FUNCTION choir_tag_ids(names text[]) RETURNS TABLE (tag_key text, tag_id uuid, tag_name text, tag_names json)
  LANGUAGE plpgsql VOLATILE
  AS $$
BEGIN
  IF coalesce(cardinality(names), 0) = 0 THEN
    RETURN;
  END IF;
  -- Usually every tag is known: then nothing is inserted (nor the statement's triggers fired).
  IF EXISTS (SELECT 1 FROM unnest(names) AS n(name)
      WHERE NOT EXISTS (SELECT 1 FROM tags t WHERE lower(t.name) = lower(n.name))) THEN
    INSERT INTO tags (name) SELECT n.name FROM unnest(names) WITH ORDINALITY AS n(name, ord) ORDER BY n.ord
      ON CONFLICT DO NOTHING;
  END IF;
  RETURN QUERY SELECT lower(t.name), t.id, t.name,
    (SELECT json_object_agg(g.locale, g.name ORDER BY g.locale)
      FROM tag_glossary g
      WHERE g.preferred AND g.concept = (SELECT k.concept FROM tag_glossary k
        WHERE k.name_key = lower(choir_unaccent(t.name)) ORDER BY k.concept LIMIT 1))
  FROM tags t
  WHERE lower(t.name) = ANY(ARRAY(SELECT lower(n.name) FROM unnest(names) AS n(name)));
END
$$;
