-- choir_credit, the rule of the four credit columns (0021), as PL/pgSQL: the same statement, whose plan each
-- connection keeps. As a LANGUAGE sql function that cannot be inlined, its body was parsed, analysed and planned
-- again for each of the four columns of every song written (about a sixth of PostgreSQL's CPU for a new song,
-- bench/README.md "Writes"). The stored values do not change: the statement is 0021's, word for word.
CREATE OR REPLACE FUNCTION choir_credit(content text, name text, max_length integer) RETURNS text
  LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE STRICT
  AS $$
BEGIN
  RETURN (
  SELECT left(found.value, max_length) FROM (
    SELECT btrim(coalesce(r.m[1], regexp_replace(r.m[2], '^[ \t]*:?', '')), E' \t') AS value, r.n
    FROM regexp_matches(content,
      '^[ \t]*\{[ \t]*(?:meta(?:[ \t]*:[ \t]*|[ \t]+)' || name || '[ \t]+(.*)|' || name || '-?([ \t:].*)?)\}[ \t\r]*$',
      'gin') WITH ORDINALITY AS r(m, n)
  ) found
  WHERE found.value <> ''
  ORDER BY found.n DESC
  LIMIT 1);
END
$$;
