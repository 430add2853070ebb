-- AI search (docs/architecture.md, "AI search"): the passages answers are built from, the stored
-- results, and the embeddings an embedding provider made.

-- Each article in passages: its title, the sentences of its description and summary, and every
-- timed line (cue) of its transcripts, each with the seconds where it is said (0 outside the
-- transcript) and its own full-text document, so a question finds the line that answers it.
-- field: 1 title, 2 description, 3 summary, 4 transcript. Kept by triggers, like article_search.
CREATE TABLE ai_passages (
  article_id uuid NOT NULL REFERENCES articles (id) ON DELETE CASCADE,
  language text NOT NULL,
  field smallint NOT NULL CHECK (field BETWEEN 1 AND 4),
  ordinal integer NOT NULL,
  start_second real NOT NULL,
  end_second real NOT NULL,
  text text NOT NULL,
  document tsvector NOT NULL,
  PRIMARY KEY (article_id, language, field, ordinal)
);
CREATE INDEX ai_passages_document ON ai_passages USING gin (document);

-- Sentences of a text, each with its closing punctuation ("3.5" and "U.S." stay whole).
CREATE FUNCTION ai_sentences(body text) RETURNS TABLE (ordinal integer, sentence text) LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (n - 1)::integer, trim(m[1]) FROM regexp_matches(body, '((?:[^.!?]|[.!?](?=\S))+[.!?]*)', 'g') WITH ORDINALITY AS s(m, n)
  WHERE trim(m[1]) ~ '[[:alnum:]]';
$$;

CREATE VIEW ai_passages_source AS
  SELECT a.id AS article_id, a.language, 1::smallint AS field, 0 AS ordinal, 0::real AS start_second, 0::real AS end_second, a.title AS text
    FROM articles a
  UNION ALL
  SELECT a.id, a.language, 2::smallint, s.ordinal, 0, 0, s.sentence FROM articles a CROSS JOIN LATERAL ai_sentences(a.description) s
  UNION ALL
  SELECT a.id, a.language, 3::smallint, s.ordinal, 0, 0, s.sentence FROM articles a CROSS JOIN LATERAL ai_sentences(a.summary) s
  UNION ALL
  SELECT t.article_id, t.language, 4::smallint, (c.n - 1)::integer, (c.value->>'start')::real, (c.value->>'end')::real, trim(c.value->>'text')
    FROM transcripts t CROSS JOIN LATERAL jsonb_array_elements(t.cues) WITH ORDINALITY AS c(value, n)
    WHERE trim(c.value->>'text') <> '';

CREATE FUNCTION refresh_ai_passages(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  DELETE FROM ai_passages WHERE article_id = ANY (ids);
  INSERT INTO ai_passages (article_id, language, field, ordinal, start_second, end_second, text, document)
    SELECT s.article_id, s.language, s.field, s.ordinal, s.start_second, s.end_second, s.text,
      to_tsvector('english', newsreel_unaccent(s.text))
    FROM ai_passages_source s WHERE s.article_id = ANY (ids)
    ON CONFLICT DO NOTHING;
$$;

CREATE FUNCTION ai_passages_articles_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_ai_passages(ARRAY(SELECT id FROM inserted_articles));
  RETURN NULL;
END
$$;
CREATE TRIGGER ai_passages_articles_inserted AFTER INSERT ON articles
  REFERENCING NEW TABLE AS inserted_articles FOR EACH STATEMENT EXECUTE FUNCTION ai_passages_articles_inserted();

-- Only a change of the words (or of the language) rewrites an article's passages.
CREATE FUNCTION ai_passages_articles_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_ai_passages(ARRAY(
    SELECT n.id FROM new_articles n JOIN old_articles o ON o.id = n.id
    WHERE (n.title, n.description, n.summary, n.language) IS DISTINCT FROM (o.title, o.description, o.summary, o.language)));
  RETURN NULL;
END
$$;
CREATE TRIGGER ai_passages_articles_updated AFTER UPDATE ON articles
  REFERENCING OLD TABLE AS old_articles NEW TABLE AS new_articles FOR EACH STATEMENT EXECUTE FUNCTION ai_passages_articles_updated();

CREATE FUNCTION ai_passages_transcripts_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_ai_passages(ARRAY(SELECT DISTINCT article_id FROM changed_transcripts));
  RETURN NULL;
END
$$;
CREATE TRIGGER ai_passages_transcripts_inserted AFTER INSERT ON transcripts
  REFERENCING NEW TABLE AS changed_transcripts FOR EACH STATEMENT EXECUTE FUNCTION ai_passages_transcripts_changed();
CREATE TRIGGER ai_passages_transcripts_updated AFTER UPDATE ON transcripts
  REFERENCING NEW TABLE AS changed_transcripts FOR EACH STATEMENT EXECUTE FUNCTION ai_passages_transcripts_changed();
CREATE TRIGGER ai_passages_transcripts_deleted AFTER DELETE ON transcripts
  REFERENCING OLD TABLE AS changed_transcripts FOR EACH STATEMENT EXECUTE FUNCTION ai_passages_transcripts_changed();

INSERT INTO ai_passages (article_id, language, field, ordinal, start_second, end_second, text, document)
  SELECT s.article_id, s.language, s.field, s.ordinal, s.start_second, s.end_second, s.text, to_tsvector('english', newsreel_unaccent(s.text))
  FROM ai_passages_source s
  ON CONFLICT DO NOTHING;

-- Every AI result (SPEC §7 "AI"): answers, AI playlists, and the AI's work on articles, with the
-- query, the answer and its citations, the provider that made it and how long it took; shared by
-- its id. sentences: [{text, citations: [{articleId, startSecond, endSecond, quote}]}];
-- clips: [{articleId, startSecond, endSecond, reason}]; filters: {regionIds, categoryIds, language}.
CREATE TABLE ai_results (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  type text NOT NULL CHECK (type IN ('ask', 'playlist', 'summary', 'translation')),
  query text NOT NULL CHECK (char_length(query) <= 2000),
  filters jsonb NOT NULL DEFAULT '{"regionIds": [], "categoryIds": [], "language": null}',
  found boolean NOT NULL,
  answer text NOT NULL,
  sentences jsonb NOT NULL DEFAULT '[]',
  clips jsonb NOT NULL DEFAULT '[]',
  extractive boolean NOT NULL,
  provider text NOT NULL CHECK (char_length(provider) <= 300),
  -- Set when the configured provider failed and the built-in answerer took over: {code, message, provider}.
  fallback jsonb,
  -- For summaries and translations: the article worked on.
  article_id uuid REFERENCES articles (id) ON DELETE SET NULL,
  timing_ms integer NOT NULL CHECK (timing_ms >= 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ai_results_newest ON ai_results (created_at DESC, id DESC);
CREATE INDEX ai_results_type_newest ON ai_results (type, created_at DESC, id DESC);
CREATE INDEX ai_results_article ON ai_results (article_id) WHERE article_id IS NOT NULL;

-- Embeddings an embedding provider made (AI_EMBEDDING_MODEL), per model and text, so a passage is
-- embedded once. Plain real[]: neither PGlite (0.5) nor a PostgreSQL without pgvector has the
-- vector type; retrieval compares the vectors of its full-text candidates (docs/architecture.md).
CREATE TABLE ai_embeddings (
  model text NOT NULL,
  text_hash text NOT NULL,
  embedding real[] NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (model, text_hash)
);
