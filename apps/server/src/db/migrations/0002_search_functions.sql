-- Accent-insensitive, fuzzy song search: the extensions and two IMMUTABLE helpers usable in generated columns
-- and indexes. unaccent and pg_trgm are trusted extensions: a database owner may create them.
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE OR REPLACE FUNCTION choir_unaccent(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, value) $$;--> statement-breakpoint
-- The words of a ChordPro text: chords removed in place (so "Can[C]ción" stays one word), directives and
-- '#' comment lines blanked out.
CREATE OR REPLACE FUNCTION choir_lyrics(content text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT regexp_replace(regexp_replace(content, '\[[^\]]*\]', '', 'g'), '\{[^}]*\}|^#[^\n]*', ' ', 'gn') $$;
