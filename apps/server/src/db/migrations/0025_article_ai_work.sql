-- AI work on articles (docs/architecture.md, "AI work on articles"): how an article's summary was
-- written by the AI, and its translations. Both are written only by the background jobs
-- ai.article-summary and ai.article-translate (modules/ai/articles).

-- The AI's summary of an article (articles.summary holds the text, summary_by_ai is true): made by
-- a configured provider, or by the built-in extractive summary (sentences of the transcript as
-- they are spoken). Removed with the article; replaced when the AI writes it again.
CREATE TABLE article_ai_summaries (
  article_id uuid PRIMARY KEY REFERENCES articles (id) ON DELETE CASCADE,
  method text NOT NULL CHECK (method IN ('extractive', 'provider')),
  provider text NOT NULL CHECK (char_length(provider) <= 100),
  model text CHECK (char_length(model) <= 200),
  -- The language of the transcript it was made from.
  source_language text NOT NULL,
  duration_ms integer NOT NULL CHECK (duration_ms >= 0),
  created_at timestamptz NOT NULL DEFAULT now()
);

-- An article's translation into one language: requested by an admin (queued), then made by the
-- job (done) or given up after its retries (failed, with the error). The translated transcript's
-- cues are in transcripts (article_id, language), where readers get them with ?language=.
CREATE TABLE article_translations (
  article_id uuid NOT NULL REFERENCES articles (id) ON DELETE CASCADE,
  language text NOT NULL CHECK (language ~ '^[a-z]{2,3}(-[A-Za-z]{2,4})?$'),
  state text NOT NULL CHECK (state IN ('queued', 'done', 'failed')),
  job_id text,
  title text,
  description text,
  summary text,
  cue_count integer,
  provider text,
  model text,
  error text CHECK (char_length(error) <= 2000),
  requested_at timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz,
  PRIMARY KEY (article_id, language),
  CHECK (state <> 'done' OR (title IS NOT NULL AND description IS NOT NULL AND completed_at IS NOT NULL))
);
