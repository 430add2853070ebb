-- Search reads a rare conjunction at once.
--
-- The spans of days and weeks (migration 0040) read the newest matches a few days at a time, so a
-- common word is read a day or two deep. A query of words that are all required needs documents
-- holding every one of them, and these can be few: "climate Leeds" matches 163 of 1,000,000
-- articles, so every span was read, eleven GIN index reads (4.8 ms), where reading the 163 at once
-- takes 1.2 ms. Now when one of the words the index is read by (search_probe, migration 0044) is
-- in fewer than one passage in 200 (ai_lexemes), which bounds what the index reads to find them
-- all, the matches are read at once, up to one more than search wants, and handed over when no
-- more match; otherwise span by span, as before. Reading two commoner words first ("climate
-- protest", 895 matches) cost more than the spans saved (3.5 → 6.6 ms), hence the bound. The
-- answers are the same.

-- As 0056's, reading a rare conjunction at once.
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
  rare_word boolean;
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
  -- Two words or more, all required, one of them in fewer than one passage in 200: the documents
  -- holding them all are read at once, up to one more than `take`, and handed over when no more
  -- match; otherwise (or when none match) span by span.
  IF pairs IS NULL AND numnode(probe) > 1 AND regexp_replace(probe::text, '''(?:[^'']|'''')*''', '', 'g') !~ '[|!:<(]' THEN
    SELECT min(coalesce(x.passages, 0)) * 200 <= max(coalesce(a.passages, 0)) INTO rare_word
      FROM regexp_matches(probe::text, '''((?:[^'']|'''')*)''', 'g') AS m
      LEFT JOIN ai_lexemes x ON x.lexeme = replace(m[1], '''''', '''')
      LEFT JOIN ai_lexemes a ON a.lexeme = '';
    IF rare_word THEN
      RETURN QUERY WITH found AS MATERIALIZED (
        SELECT s.article_id, s.published_at, s.document, s.folded_title FROM article_search s
        WHERE s.status = 1 AND s.published_at <= now() AND s.document @@ probe AND (exact OR ts_match_vq(s.document, tsq))
        LIMIT take + 1)
      SELECT f.article_id, f.published_at, f.document, f.folded_title FROM found f
      WHERE (SELECT count(*) FROM found) <= take
      ORDER BY f.published_at DESC, f.article_id DESC;
      GET DIAGNOSTICS span_rows = ROW_COUNT;
      IF span_rows > 0 THEN
        RETURN;
      END IF;
    END IF;
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
