-- The review workflow (docs/architecture.md, "Article lifecycle"): what a moderator sends back to
-- the publisher, whether the summary is the AI's, when the article joined the moderation queue.
ALTER TABLE articles
  ADD COLUMN review_note text CHECK (char_length(review_note) <= 1000),
  ADD COLUMN summary_by_ai boolean NOT NULL DEFAULT false,
  ADD COLUMN review_requested_at timestamptz,
  -- A scheduled article goes live at its time, so it must have one.
  ADD CONSTRAINT articles_scheduled_has_time CHECK (status <> 3 OR scheduled_at IS NOT NULL);

-- The moderation queue, oldest waiting first.
CREATE INDEX articles_review_queue ON articles (review_requested_at, id) WHERE review_status = 1;
-- The scheduled articles whose time has come, for the publishing job.
CREATE INDEX articles_schedule_due ON articles (scheduled_at) WHERE status = 3;
-- The admin's article list, newest first, stops after its page.
CREATE INDEX articles_created ON articles (created_at DESC, id DESC);
