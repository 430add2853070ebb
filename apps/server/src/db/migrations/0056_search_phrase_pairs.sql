-- Phrases are read from the index by their word pairs.
--
-- A quoted phrase matches documents holding its words side by side, which the GIN index cannot
-- tell: it hands over every document holding the phrase's words (its less common ones, or the
-- rarest when all are common: search_probe, migration 0044), and each is checked against the
-- phrase. "bridge report" at 100,000 articles read the 4,152 documents holding 'bridg' to find
-- the 430 holding the phrase, through every span of days and weeks (10 ms of a 16 ms search; a
-- phrase cost twice a word on average). Now each search row also holds the pairs of lexemes that
-- stand side by side in its document ('bridg<->report': position p and p + 1, so what `<->`
-- matches) and its day and week lexemes, in `phrases`, a column PostgreSQL computes from the
-- document, with a GIN index of its own. A query made of phrases alone (every word in a pair side
-- by side with another) is read from that index by all its pairs and its span, and each document
-- handed over is checked against the whole query, as before: a phrase of three words holds both
-- its pairs, but not every document holding both pairs holds the phrase. Any other query is read
-- as before. The answers are the same.
--
-- Adding the column rewrites article_search and its indexes once (at 100,000 articles about 11 s
-- and the new index 1 s; ten times that at 1,000,000).

-- The pairs of lexemes at positions side by side in `document` ('a<->b': no lexeme the parser makes
-- holds '<'), and the lexemes without positions (the day and week lexemes).
CREATE FUNCTION search_phrase_pairs(document tsvector) RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT array_to_tsvector(ARRAY(
    SELECT l.lexeme || '<->' || r.lexeme
    FROM unnest(document) l CROSS JOIN LATERAL unnest(l.positions) AS lp(position)
    JOIN (SELECT w.lexeme, p.position FROM unnest(document) w CROSS JOIN LATERAL unnest(w.positions) AS p(position)) r
      ON r.position = lp.position + 1
    UNION
    SELECT s.lexeme FROM unnest(document) s WHERE s.positions IS NULL))
$$;

ALTER TABLE article_search ADD COLUMN phrases tsvector GENERATED ALWAYS AS (search_phrase_pairs(document)) STORED;
CREATE INDEX article_search_phrases ON article_search USING gin (phrases);

-- The AND of the pairs of `tsq` ('a<->b', as search_phrase_pairs writes them) when `tsq` is made of
-- phrases alone: words ANDed or side by side (`<->`), each of them side by side with another. NULL
-- for anything else: a word on its own, words further apart (`<2>`: a stop word between), OR,
-- NOT, a group, a weight or a prefix.
CREATE FUNCTION search_phrase_probe(tsq tsquery) RETURNS tsquery LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  token text[];
  lexeme text;
  previous text;
  operator text;
  words text[] := '{}';
  paired text[] := '{}';
  pairs text[] := '{}';
BEGIN
  IF tsq IS NULL OR numnode(tsq) = 0 THEN
    RETURN NULL;
  END IF;
  -- The query's text: quoted lexemes ('' for a quote inside one) and the operators between them.
  FOR token IN SELECT regexp_matches(tsq::text, '''((?:[^'']|'''')*)''|(\S+)', 'g') LOOP
    IF token[1] IS NOT NULL THEN
      lexeme := replace(token[1], '''''', '''');
      words := words || lexeme;
      IF operator = '<->' THEN
        pairs := pairs || (previous || '<->' || lexeme);
        paired := paired || ARRAY[previous, lexeme];
      END IF;
      previous := lexeme;
    ELSIF token[2] = '&' OR token[2] = '<->' OR token[2] ~ '^<[0-9]+>$' THEN
      operator := token[2];
    ELSE
      RETURN NULL;
    END IF;
  END LOOP;
  IF cardinality(pairs) = 0 OR NOT paired @> words THEN
    RETURN NULL;
  END IF;
  -- Quoted for the tsquery's syntax: a quote doubled, a backslash escaped.
  RETURN (SELECT string_agg('''' || replace(replace(p, '\', '\\'), '''', '''''') || '''', ' & ') FROM unnest(pairs) p)::tsquery;
END;
$$;

-- As 0053's, reading a query of phrases alone by its pairs.
CREATE OR REPLACE FUNCTION search_newest_matches(tsq tsquery, take integer)
  RETURNS TABLE (article_id uuid, published_at timestamptz, document tsvector, folded_title text)
  LANGUAGE plpgsql STABLE ROWS 300 AS $$
#variable_conflict use_column
DECLARE
  newest_day integer;
  newest_week integer;
  span tsquery[];
  older_than timestamptz;
  one_span tsquery;
  taken integer := 0;
  span_rows integer;
  probe tsquery;
  pairs tsquery;
  exact boolean;
BEGIN
  IF tsq IS NULL OR numnode(tsq) = 0 THEN
    RETURN;
  END IF;
  SELECT search_day(s.published_at) INTO newest_day FROM article_search s WHERE s.status = 1 AND s.published_at <= now()
    ORDER BY s.published_at DESC, s.article_id DESC LIMIT 1;
  IF newest_day IS NULL THEN
    RETURN;
  END IF;
  pairs := search_phrase_probe(tsq);
  IF pairs IS NULL THEN
    probe := search_probe(tsq);
    exact := probe = tsq;
  END IF;
  -- Days and weeks both count from the epoch, so a week is seven whole days.
  newest_week := floor(newest_day / 7.0)::integer;
  -- The spans' lexemes are made here, once: written into the query, search_days and search_weeks
  -- would run again for every row the GIN index hands over to be checked.
  span := ARRAY[
    search_days(newest_day, newest_day), search_days(newest_day - 1, newest_day - 1),
    search_days(newest_day - 3, newest_day - 2), search_days((newest_week - 1) * 7, newest_day - 4),
    search_weeks(newest_week - 2, newest_week - 2), search_weeks(newest_week - 4, newest_week - 3),
    search_weeks(newest_week - 8, newest_week - 5), search_weeks(newest_week - 16, newest_week - 9),
    search_weeks(newest_week - 32, newest_week - 17), search_weeks(newest_week - 64, newest_week - 33)];
  older_than := to_timestamp((newest_week - 64)::float8 * 604800);
  -- Span by span, newest first, until `take` are found; each span's newest matches, as many as
  -- are still wanted.
  FOREACH one_span IN ARRAY span LOOP
    IF pairs IS NOT NULL THEN
      RETURN QUERY SELECT s.article_id, s.published_at, s.document, s.folded_title FROM article_search s
        WHERE s.status = 1 AND s.published_at <= now() AND s.phrases @@ (pairs && one_span) AND ts_match_vq(s.document, tsq)
        ORDER BY s.published_at DESC, s.article_id DESC LIMIT take - taken;
    ELSE
      RETURN QUERY SELECT s.article_id, s.published_at, s.document, s.folded_title FROM article_search s
        WHERE s.status = 1 AND s.published_at <= now() AND s.document @@ probe
          AND (exact OR ts_match_vq(s.document, tsq)) AND s.document @@ one_span
        ORDER BY s.published_at DESC, s.article_id DESC LIMIT take - taken;
    END IF;
    GET DIAGNOSTICS span_rows = ROW_COUNT;
    taken := taken + span_rows;
    IF taken >= take THEN
      RETURN;
    END IF;
  END LOOP;
  -- Then everything older, read only when there is anything older: the GIN index would hand over
  -- every match to be checked against the bound. The oldest public article is read from the end
  -- of the newest-first index: asked whether any article is older than the bound (EXISTS), a
  -- plan kept for any bound could read the whole table when none is.
  IF (SELECT s.published_at FROM article_search s WHERE s.status = 1 AND s.published_at IS NOT NULL
      ORDER BY s.published_at, s.article_id LIMIT 1) < older_than THEN
    IF pairs IS NOT NULL THEN
      RETURN QUERY SELECT s.article_id, s.published_at, s.document, s.folded_title FROM article_search s
        WHERE s.status = 1 AND s.published_at <= now() AND s.phrases @@ pairs AND ts_match_vq(s.document, tsq)
          AND s.published_at < older_than
        ORDER BY s.published_at DESC, s.article_id DESC LIMIT take - taken;
    ELSE
      RETURN QUERY SELECT s.article_id, s.published_at, s.document, s.folded_title FROM article_search s
        WHERE s.status = 1 AND s.published_at <= now() AND s.document @@ probe
          AND (exact OR ts_match_vq(s.document, tsq)) AND s.published_at < older_than
        ORDER BY s.published_at DESC, s.article_id DESC LIMIT take - taken;
    END IF;
  END IF;
END;
$$;
