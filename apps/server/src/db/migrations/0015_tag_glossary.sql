-- A bilingual tag glossary (tag_glossary: curated English and Spanish names for liturgical seasons and feasts,
-- parts of the Mass and common themes), shared by every choir and written only by migrations. A tag filter matches a
-- tag by any name of its concept, lowercase and unaccented (tags_name_folded_idx); songs' search rows hold the
-- equivalent names too.
CREATE TABLE "tag_glossary" (
	"concept" text NOT NULL,
	"locale" text NOT NULL,
	"name" text NOT NULL,
	"preferred" boolean DEFAULT false NOT NULL,
	"name_key" text GENERATED ALWAYS AS (lower(choir_unaccent(name))) STORED NOT NULL,
	CONSTRAINT "tag_glossary_concept_locale_name_pk" PRIMARY KEY("concept","locale","name"),
	CONSTRAINT "tag_glossary_locale_check" CHECK ("tag_glossary"."locale" in ('en', 'es'))
);
--> statement-breakpoint
CREATE INDEX "tag_glossary_name_key_idx" ON "tag_glossary" USING btree ("name_key","concept");--> statement-breakpoint
CREATE UNIQUE INDEX "tag_glossary_preferred_key" ON "tag_glossary" USING btree ("concept","locale") WHERE "tag_glossary"."preferred";--> statement-breakpoint
CREATE INDEX "tags_name_folded_idx" ON "tags" USING btree (lower(choir_unaccent("name")));--> statement-breakpoint
-- The glossary itself: the first name of each concept in each language is the one shown.
INSERT INTO "tag_glossary" ("concept", "locale", "name", "preferred") VALUES
  ('advent', 'en', 'advent', true),
  ('advent', 'es', 'adviento', true),
  ('christmas', 'en', 'christmas', true),
  ('christmas', 'en', 'xmas', false),
  ('christmas', 'en', 'nativity', false),
  ('christmas', 'es', 'navidad', true),
  ('christmas', 'es', 'natividad', false),
  ('epiphany', 'en', 'epiphany', true),
  ('epiphany', 'es', 'epifanía', true),
  ('epiphany', 'es', 'reyes', false),
  ('lent', 'en', 'lent', true),
  ('lent', 'es', 'cuaresma', true),
  ('holy-week', 'en', 'holy week', true),
  ('holy-week', 'es', 'semana santa', true),
  ('palm-sunday', 'en', 'palm sunday', true),
  ('palm-sunday', 'es', 'domingo de ramos', true),
  ('palm-sunday', 'es', 'ramos', false),
  ('good-friday', 'en', 'good friday', true),
  ('good-friday', 'es', 'viernes santo', true),
  ('easter', 'en', 'easter', true),
  ('easter', 'en', 'resurrection', false),
  ('easter', 'es', 'pascua', true),
  ('easter', 'es', 'resurrección', false),
  ('pentecost', 'en', 'pentecost', true),
  ('pentecost', 'es', 'pentecostés', true),
  ('ordinary-time', 'en', 'ordinary time', true),
  ('ordinary-time', 'es', 'tiempo ordinario', true),
  ('trinity', 'en', 'trinity', true),
  ('trinity', 'en', 'holy trinity', false),
  ('trinity', 'es', 'trinidad', true),
  ('trinity', 'es', 'santísima trinidad', false),
  ('corpus-christi', 'en', 'corpus christi', true),
  ('corpus-christi', 'es', 'corpus christi', true),
  ('christ-the-king', 'en', 'christ the king', true),
  ('christ-the-king', 'es', 'cristo rey', true),
  ('all-saints', 'en', 'all saints', true),
  ('all-saints', 'en', 'saints', false),
  ('all-saints', 'es', 'todos los santos', true),
  ('all-saints', 'es', 'santos', false),
  ('mass', 'en', 'mass', true),
  ('mass', 'es', 'misa', true),
  ('entrance', 'en', 'entrance', true),
  ('entrance', 'en', 'gathering', false),
  ('entrance', 'en', 'processional', false),
  ('entrance', 'en', 'opening', false),
  ('entrance', 'es', 'entrada', true),
  ('entrance', 'es', 'apertura', false),
  ('entrance', 'es', 'canto de entrada', false),
  ('kyrie', 'en', 'kyrie', true),
  ('kyrie', 'en', 'lord have mercy', false),
  ('kyrie', 'en', 'penitential act', false),
  ('kyrie', 'en', 'penitential', false),
  ('kyrie', 'es', 'kyrie', true),
  ('kyrie', 'es', 'señor ten piedad', false),
  ('kyrie', 'es', 'piedad', false),
  ('kyrie', 'es', 'acto penitencial', false),
  ('gloria', 'en', 'gloria', true),
  ('gloria', 'en', 'glory to god', false),
  ('gloria', 'es', 'gloria', true),
  ('gloria', 'es', 'gloria a dios', false),
  ('liturgy-of-the-word', 'en', 'liturgy of the word', true),
  ('liturgy-of-the-word', 'es', 'liturgia de la palabra', true),
  ('psalm', 'en', 'psalm', true),
  ('psalm', 'en', 'psalms', false),
  ('psalm', 'en', 'responsorial psalm', false),
  ('psalm', 'es', 'salmo', true),
  ('psalm', 'es', 'salmos', false),
  ('psalm', 'es', 'salmo responsorial', false),
  ('alleluia', 'en', 'alleluia', true),
  ('alleluia', 'en', 'gospel acclamation', false),
  ('alleluia', 'en', 'hallelujah', false),
  ('alleluia', 'es', 'aleluya', true),
  ('alleluia', 'es', 'aclamación del evangelio', false),
  ('offertory', 'en', 'offertory', true),
  ('offertory', 'en', 'preparation of the gifts', false),
  ('offertory', 'en', 'offering', false),
  ('offertory', 'es', 'ofertorio', true),
  ('offertory', 'es', 'presentación de los dones', false),
  ('offertory', 'es', 'ofrendas', false),
  ('sanctus', 'en', 'sanctus', true),
  ('sanctus', 'en', 'holy', false),
  ('sanctus', 'en', 'holy holy', false),
  ('sanctus', 'es', 'santo', true),
  ('sanctus', 'es', 'santo santo', false),
  ('memorial-acclamation', 'en', 'memorial acclamation', true),
  ('memorial-acclamation', 'en', 'mystery of faith', false),
  ('memorial-acclamation', 'es', 'aclamación memorial', true),
  ('memorial-acclamation', 'es', 'misterio de la fe', false),
  ('amen', 'en', 'great amen', true),
  ('amen', 'en', 'amen', false),
  ('amen', 'es', 'gran amén', true),
  ('amen', 'es', 'amén', false),
  ('our-father', 'en', 'our father', true),
  ('our-father', 'en', 'lord''s prayer', false),
  ('our-father', 'es', 'padre nuestro', true),
  ('our-father', 'es', 'padrenuestro', false),
  ('peace', 'en', 'peace', true),
  ('peace', 'en', 'sign of peace', false),
  ('peace', 'es', 'paz', true),
  ('peace', 'es', 'rito de la paz', false),
  ('peace', 'es', 'la paz', false),
  ('lamb-of-god', 'en', 'lamb of god', true),
  ('lamb-of-god', 'en', 'agnus dei', false),
  ('lamb-of-god', 'es', 'cordero de dios', true),
  ('lamb-of-god', 'es', 'agnus dei', false),
  ('communion', 'en', 'communion', true),
  ('communion', 'en', 'holy communion', false),
  ('communion', 'en', 'eucharist', false),
  ('communion', 'es', 'comunión', true),
  ('communion', 'es', 'eucaristía', false),
  ('recessional', 'en', 'recessional', true),
  ('recessional', 'en', 'closing', false),
  ('recessional', 'en', 'sending forth', false),
  ('recessional', 'en', 'dismissal', false),
  ('recessional', 'es', 'salida', true),
  ('recessional', 'es', 'cierre', false),
  ('recessional', 'es', 'envío', false),
  ('recessional', 'es', 'canto final', false),
  ('prelude', 'en', 'prelude', true),
  ('prelude', 'es', 'preludio', true),
  ('postlude', 'en', 'postlude', true),
  ('postlude', 'es', 'postludio', true),
  ('anthem', 'en', 'anthem', true),
  ('anthem', 'es', 'himno coral', true),
  ('hymn', 'en', 'hymn', true),
  ('hymn', 'en', 'hymns', false),
  ('hymn', 'es', 'himno', true),
  ('hymn', 'es', 'himnos', false),
  ('marian', 'en', 'marian', true),
  ('marian', 'en', 'mary', false),
  ('marian', 'en', 'virgin mary', false),
  ('marian', 'es', 'mariana', true),
  ('marian', 'es', 'mariano', false),
  ('marian', 'es', 'maría', false),
  ('marian', 'es', 'virgen maría', false),
  ('marian', 'es', 'virgen', false),
  ('praise', 'en', 'praise', true),
  ('praise', 'en', 'worship', false),
  ('praise', 'es', 'alabanza', true),
  ('adoration', 'en', 'adoration', true),
  ('adoration', 'es', 'adoración', true),
  ('thanksgiving', 'en', 'thanksgiving', true),
  ('thanksgiving', 'es', 'acción de gracias', true),
  ('wedding', 'en', 'wedding', true),
  ('wedding', 'en', 'marriage', false),
  ('wedding', 'es', 'boda', true),
  ('wedding', 'es', 'matrimonio', false),
  ('funeral', 'en', 'funeral', true),
  ('funeral', 'en', 'burial', false),
  ('funeral', 'es', 'funeral', true),
  ('funeral', 'es', 'exequias', false),
  ('funeral', 'es', 'difuntos', false),
  ('baptism', 'en', 'baptism', true),
  ('baptism', 'es', 'bautismo', true),
  ('baptism', 'es', 'bautizo', false),
  ('confirmation', 'en', 'confirmation', true),
  ('confirmation', 'es', 'confirmación', true),
  ('holy-spirit', 'en', 'holy spirit', true),
  ('holy-spirit', 'en', 'holy ghost', false),
  ('holy-spirit', 'es', 'espíritu santo', true),
  ('cross', 'en', 'cross', true),
  ('cross', 'en', 'passion', false),
  ('cross', 'es', 'cruz', true),
  ('cross', 'es', 'pasión', false),
  ('love', 'en', 'love', true),
  ('love', 'es', 'amor', true),
  ('hope', 'en', 'hope', true),
  ('hope', 'es', 'esperanza', true),
  ('faith', 'en', 'faith', true),
  ('faith', 'es', 'fe', true),
  ('mercy', 'en', 'mercy', true),
  ('mercy', 'es', 'misericordia', true),
  ('mission', 'en', 'mission', true),
  ('mission', 'es', 'misión', true),
  ('children', 'en', 'children', true),
  ('children', 'es', 'niños', true),
  ('children', 'es', 'infantil', false),
  ('youth', 'en', 'youth', true),
  ('youth', 'es', 'jóvenes', true),
  ('youth', 'es', 'juvenil', false);--> statement-breakpoint
-- The names of a tag in the glossary, as shown ({"en": …, "es": …}), or null when the glossary does not know it.
CREATE FUNCTION choir_tag_names(tag_name text) RETURNS json
  LANGUAGE sql STABLE PARALLEL SAFE STRICT
  AS $$
  SELECT json_object_agg(g.locale, g.name ORDER BY g.locale)
  FROM tag_glossary g
  WHERE g.preferred AND g.concept = (SELECT k.concept FROM tag_glossary k
    WHERE k.name_key = lower(choir_unaccent(tag_name)) ORDER BY k.concept LIMIT 1)
$$;--> statement-breakpoint
-- Every glossary name of a tag's concept, as words for the song search rows, or null when the glossary does not
-- know it.
CREATE FUNCTION choir_tag_equivalents(tag_name text) RETURNS text
  LANGUAGE sql STABLE PARALLEL SAFE STRICT
  AS $$
  SELECT string_agg(g.name, ' ' ORDER BY g.concept, g.locale, g.name)
  FROM tag_glossary g
  WHERE g.concept IN (SELECT k.concept FROM tag_glossary k WHERE k.name_key = lower(choir_unaccent(tag_name)))
$$;--> statement-breakpoint
-- choir_refresh_song_search as in 0010, the tag words now with their glossary equivalents: a search for
-- "navidad" finds a song tagged "christmas" by its words as well as by the tag filter.
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
    SELECT array_agg(st.tag_id ORDER BY st.tag_id) AS list,
      string_agg(tg.name || coalesce(' ' || choir_tag_equivalents(tg.name), ''), ' ' ORDER BY tg.name) AS names
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
$$;--> statement-breakpoint
SELECT choir_refresh_song_search(ARRAY(SELECT DISTINCT st.song_id FROM song_tags st JOIN tags t ON t.id = st.tag_id
  WHERE EXISTS (SELECT 1 FROM tag_glossary g WHERE g.name_key = lower(choir_unaccent(t.name)))));
