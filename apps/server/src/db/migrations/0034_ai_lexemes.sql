-- How many passages hold each word (docs/architecture.md, "AI search"): retrieval weighs a
-- question's words by how rare they are (IDF), and counting a common word's passages through the
-- GIN index read tens of thousands of heap pages a keystroke at 100,000 articles. The counts are
-- kept with the passages, in the same transaction, so they are exact. No CHECK on the count: an
-- article's save must never fail over a statistic; readers take a count below 0 as 0.
-- COLLATE "C": a word's prefix (the unfinished last word as the reader types) is a range of the key.
-- The row of the empty lexeme (no word is empty) counts the passages themselves, the N of the IDF:
-- PGlite has no autovacuum, so the planner's row estimate of ai_passages may never be made.
CREATE TABLE ai_lexemes (
  lexeme text COLLATE "C" PRIMARY KEY,
  passages integer NOT NULL
);

INSERT INTO ai_lexemes (lexeme, passages)
  SELECT word, ndoc FROM ts_stat('SELECT document FROM ai_passages')
  UNION ALL
  SELECT '', count(*) FROM ai_passages;

-- As before (0024), and the counts follow: the change of each word's count, old passages against
-- new, goes in one statement in the words' order, so two articles refreshed at once never wait on
-- each other's words in opposite orders.
CREATE OR REPLACE FUNCTION refresh_ai_passages(ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  old_lexemes text[] := ARRAY(
    SELECT l.lexeme FROM ai_passages p CROSS JOIN LATERAL unnest(p.document) AS l WHERE p.article_id = ANY (ids)
    UNION ALL
    SELECT '' FROM ai_passages p WHERE p.article_id = ANY (ids));
BEGIN
  DELETE FROM ai_passages WHERE article_id = ANY (ids);
  INSERT INTO ai_passages (article_id, language, field, ordinal, start_second, end_second, text, document)
    SELECT s.article_id, s.language, s.field, s.ordinal, s.start_second, s.end_second, s.text,
      to_tsvector('english', newsreel_unaccent(s.text))
    FROM ai_passages_source s WHERE s.article_id = ANY (ids)
    ON CONFLICT DO NOTHING;
  INSERT INTO ai_lexemes AS x (lexeme, passages)
    SELECT d.lexeme, sum(d.change)::integer FROM (
      SELECT l.lexeme, 1 AS change FROM ai_passages p CROSS JOIN LATERAL unnest(p.document) AS l WHERE p.article_id = ANY (ids)
      UNION ALL
      SELECT '', 1 FROM ai_passages p WHERE p.article_id = ANY (ids)
      UNION ALL
      SELECT o.lexeme, -1 FROM unnest(old_lexemes) AS o(lexeme)) d
    GROUP BY d.lexeme HAVING sum(d.change) <> 0
    ORDER BY d.lexeme
    ON CONFLICT (lexeme) DO UPDATE SET passages = x.passages + excluded.passages;
END
$$;

-- An article deleted takes its passages with it (ON DELETE CASCADE); their words' counts go first,
-- in one statement in the words' order, like the refresh.
CREATE FUNCTION ai_lexemes_article_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ai_lexemes AS x (lexeme, passages)
    SELECT w.lexeme, -count(*)::integer FROM (
      SELECT l.lexeme FROM ai_passages p CROSS JOIN LATERAL unnest(p.document) AS l WHERE p.article_id = OLD.id
      UNION ALL
      SELECT '' FROM ai_passages p WHERE p.article_id = OLD.id) w
    GROUP BY w.lexeme ORDER BY w.lexeme
    ON CONFLICT (lexeme) DO UPDATE SET passages = x.passages + excluded.passages;
  RETURN OLD;
END
$$;
CREATE TRIGGER ai_lexemes_article_deleted BEFORE DELETE ON articles FOR EACH ROW EXECUTE FUNCTION ai_lexemes_article_deleted();
