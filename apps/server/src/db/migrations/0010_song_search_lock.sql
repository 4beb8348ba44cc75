-- choir_refresh_song_search first locks the songs it refreshes, then reads them in a statement of its own (a new
-- snapshot under READ COMMITTED): two transactions changing the same song's tags or choirs at once no longer
-- compute its search row each from what it saw alone, the later one overwriting the other's change. The app's own
-- writes already lock the song row first; this holds for any writer.
CREATE OR REPLACE FUNCTION choir_refresh_song_search(song_ids uuid[]) RETURNS void
  LANGUAGE sql VOLATILE
  AS $$
  SELECT 1 FROM songs WHERE id = ANY(song_ids) ORDER BY id FOR NO KEY UPDATE;
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
    SELECT array_agg(st.tag_id ORDER BY st.tag_id) AS list, string_agg(tg.name, ' ' ORDER BY tg.name) AS names
    FROM song_tags st JOIN tags tg ON tg.id = st.tag_id WHERE st.song_id = s.id) t ON true
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
  SELECT song_id, visibility, creator_id, version_choir_id, choir_ids, tag_ids, title_norm, artist_norm, created_at
  FROM song_search WHERE song_id = ANY(song_ids)
  ON CONFLICT (song_id) DO UPDATE SET visibility = excluded.visibility, creator_id = excluded.creator_id,
    version_choir_id = excluded.version_choir_id, choir_ids = excluded.choir_ids, tag_ids = excluded.tag_ids,
    title_norm = excluded.title_norm, artist_norm = excluded.artist_norm, created_at = excluded.created_at
  WHERE (sb.visibility, sb.creator_id, sb.version_choir_id, sb.choir_ids, sb.tag_ids, sb.title_norm, sb.artist_norm,
      sb.created_at)
    IS DISTINCT FROM (excluded.visibility, excluded.creator_id, excluded.version_choir_id, excluded.choir_ids,
      excluded.tag_ids, excluded.title_norm, excluded.artist_norm, excluded.created_at)
$$;
