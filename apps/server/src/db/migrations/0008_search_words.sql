-- The words of public articles' titles, for search's "spelt like": a misspelt word is compared by
-- trigram with this short list (thousands of words, not a million titles), and the articles with
-- the words it is spelt like are then found by full text, newest first, like any search. Words
-- are only added (a word no title uses any more costs one row), in order, so that two writers
-- adding the same words wait for each other instead of deadlocking.
CREATE TABLE search_words (word text PRIMARY KEY);
CREATE INDEX search_words_trigrams ON search_words USING gin (word gin_trgm_ops);

CREATE VIEW search_words_source AS
  SELECT DISTINCT a.id AS article_id, w.word
  FROM articles a CROSS JOIN LATERAL regexp_split_to_table(newsreel_unaccent(lower(a.title)), '[^[:alnum:]]+') AS w(word)
  WHERE a.status = 1 AND length(w.word) >= 3;

CREATE OR REPLACE FUNCTION refresh_article_search(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO article_search (article_id, status, published_at, document)
    SELECT a.id, a.status, a.published_at, article_search_document(a.id, a.title, a.description, a.summary, a.language, a.published_at)
    FROM articles a WHERE a.id = ANY (ids)
    ON CONFLICT (article_id) DO UPDATE
      SET status = excluded.status, published_at = excluded.published_at, document = excluded.document;
  INSERT INTO search_words (word)
    SELECT DISTINCT word FROM search_words_source WHERE article_id = ANY (ids) ORDER BY word
    ON CONFLICT DO NOTHING;
$$;

INSERT INTO search_words (word) SELECT DISTINCT word FROM search_words_source ORDER BY word;
