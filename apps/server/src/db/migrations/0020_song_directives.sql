-- content_key, content_duration: what a song's `{key: …}` and `{duration: …}` directives say, computed when the song is
-- saved instead of by a regular expression over every song's text on every playlist read. Adding the generated
-- columns computes them for the songs already stored (one rewrite of the table for both).
ALTER TABLE "songs" ADD COLUMN "content_key" text GENERATED ALWAYS AS (substring(content from '(?i)\{\s*key\s*:([^}]*)\}')) STORED, ADD COLUMN "content_duration" text GENERATED ALWAYS AS (substring(content from '(?i)\{\s*duration\s*:([^}]*)\}')) STORED;
