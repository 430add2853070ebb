-- Search's reads of candidate articles as PL/pgSQL functions, so that each connection plans them
-- once and keeps the plan (as cast_poll_votes does) instead of planning them for every search:
-- planning the nine branches below took about 5 ms a search, the words spelt alike 7 ms, more
-- than running them. modules/search/search-repository.ts calls them; docs/architecture.md
-- "Content queries" describes the shape.

-- The newest `take` public articles whose search document matches `tsq`, in no order (the caller
-- orders by published_at DESC, article_id DESC). First a walk of the newest `recent_walk` public
-- articles (SEARCH_RECENT_WALK), testing each: a word in one article of ten finds its matches
-- there. Then spans of weeks older than those, newest first, each twice the one before, where the
-- GIN index intersects the words with the documents' week lexemes (article_search_document,
-- migration 0006), so a rare word costs a few small index reads; then everything older still.
-- Under the outer LIMIT, PostgreSQL runs the branches in order and stops when it has enough: the
-- branches after the one that fills `take` are never read. Week -1 is next week, so an article
-- published while the clock turns a week is not missed. `+ interval '0'`: the span's weeks are in
-- the GIN index's words already; read as a range of the newest-first index as well, the bound
-- made the planner AND a bitmap of every older article into each span.
CREATE FUNCTION search_newest_matches(tsq tsquery, take integer, recent_walk integer)
  RETURNS TABLE (article_id uuid, published_at timestamptz)
  LANGUAGE plpgsql STABLE ROWS 300 AS $$
#variable_conflict use_column
DECLARE
  since timestamptz;
  this_week integer := search_week(now());
BEGIN
  IF tsq IS NULL OR numnode(tsq) = 0 THEN
    RETURN;
  END IF;
  SELECT coalesce((SELECT s.published_at FROM article_search s WHERE s.status = 1 AND s.published_at <= now()
    ORDER BY s.published_at DESC, s.article_id DESC OFFSET recent_walk - 1 LIMIT 1), '-infinity') INTO since;
  RETURN QUERY SELECT n.article_id, n.published_at FROM (
    (SELECT s.article_id, s.published_at FROM article_search s
      WHERE s.status = 1 AND s.published_at <= now() AND s.document @@ tsq AND s.published_at >= since
      ORDER BY s.published_at DESC, s.article_id DESC LIMIT take)
    UNION ALL
    (SELECT s.article_id, s.published_at FROM article_search s
      WHERE s.status = 1 AND s.published_at <= now() AND s.document @@ tsq AND s.published_at + interval '0' < since
        AND s.document @@ search_weeks(this_week, this_week + 1)
      ORDER BY s.published_at DESC, s.article_id DESC LIMIT take)
    UNION ALL
    (SELECT s.article_id, s.published_at FROM article_search s
      WHERE s.status = 1 AND s.published_at <= now() AND s.document @@ tsq AND s.published_at + interval '0' < since
        AND s.document @@ search_weeks(this_week - 1, this_week - 1)
      ORDER BY s.published_at DESC, s.article_id DESC LIMIT take)
    UNION ALL
    (SELECT s.article_id, s.published_at FROM article_search s
      WHERE s.status = 1 AND s.published_at <= now() AND s.document @@ tsq AND s.published_at + interval '0' < since
        AND s.document @@ search_weeks(this_week - 3, this_week - 2)
      ORDER BY s.published_at DESC, s.article_id DESC LIMIT take)
    UNION ALL
    (SELECT s.article_id, s.published_at FROM article_search s
      WHERE s.status = 1 AND s.published_at <= now() AND s.document @@ tsq AND s.published_at + interval '0' < since
        AND s.document @@ search_weeks(this_week - 7, this_week - 4)
      ORDER BY s.published_at DESC, s.article_id DESC LIMIT take)
    UNION ALL
    (SELECT s.article_id, s.published_at FROM article_search s
      WHERE s.status = 1 AND s.published_at <= now() AND s.document @@ tsq AND s.published_at + interval '0' < since
        AND s.document @@ search_weeks(this_week - 15, this_week - 8)
      ORDER BY s.published_at DESC, s.article_id DESC LIMIT take)
    UNION ALL
    (SELECT s.article_id, s.published_at FROM article_search s
      WHERE s.status = 1 AND s.published_at <= now() AND s.document @@ tsq AND s.published_at + interval '0' < since
        AND s.document @@ search_weeks(this_week - 31, this_week - 16)
      ORDER BY s.published_at DESC, s.article_id DESC LIMIT take)
    UNION ALL
    (SELECT s.article_id, s.published_at FROM article_search s
      WHERE s.status = 1 AND s.published_at <= now() AND s.document @@ tsq AND s.published_at + interval '0' < since
        AND s.document @@ search_weeks(this_week - 63, this_week - 32)
      ORDER BY s.published_at DESC, s.article_id DESC LIMIT take)
    UNION ALL
    (SELECT s.article_id, s.published_at FROM article_search s
      WHERE s.status = 1 AND s.published_at <= now() AND s.document @@ tsq AND s.published_at < since
        AND s.published_at < to_timestamp((this_week - 63)::float8 * 604800)
      ORDER BY s.published_at DESC, s.article_id DESC LIMIT take)
  ) n LIMIT take;
END;
$$;

-- Articles whose title is spelt like `plain` (a query folded to lower case without accents), the
-- newest `take`, in no order. The words of titles (search_words) that each word of `plain` is spelt
-- like (trigram word similarity, `<%`), unless `known_word_passages` passages hold the word itself
-- (titles have typos too, so being a title word is not enough; the counts are AI search's,
-- ai_lexemes, migration 0034), make a query of their stems in titles (weight A); the newest
-- `examined` articles with one of them in the title are read as any search reads
-- (search_newest_matches), and of those, the ones whose title as a whole is spelt like `plain`,
-- so a query of several words is not matched by one of them alone.
CREATE FUNCTION search_spelt_alike(plain text, examined integer, take integer, recent_walk integer, known_word_passages integer)
  RETURNS TABLE (article_id uuid, published_at timestamptz)
  LANGUAGE plpgsql STABLE ROWS 300 AS $$
#variable_conflict use_column
DECLARE
  alike tsquery;
BEGIN
  SELECT string_agg(DISTINCT quote_literal(stem.lexeme) || ':A', ' | ')::tsquery INTO alike
    FROM regexp_split_to_table(plain, '[^[:alnum:]]+') AS typed(word)
    JOIN search_words w ON typed.word <% w.word
    CROSS JOIN LATERAL unnest(to_tsvector('english', w.word)) AS stem
    WHERE length(typed.word) >= 3 AND NOT EXISTS (
      SELECT 1 FROM unnest(to_tsvector('english', typed.word)) AS own JOIN ai_lexemes x ON x.lexeme = own.lexeme
      WHERE x.passages >= known_word_passages);
  IF alike IS NULL THEN
    RETURN;
  END IF;
  RETURN QUERY SELECT m.article_id, m.published_at FROM search_newest_matches(alike, examined, recent_walk) m
    JOIN articles a ON a.id = m.article_id
    WHERE plain <% newsreel_unaccent(lower(a.title))
    ORDER BY m.published_at DESC, m.article_id DESC LIMIT take;
END;
$$;
