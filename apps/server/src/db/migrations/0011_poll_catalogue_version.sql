-- The live-poll catalogue (modules/polls/live-poll-catalogue.ts): each server keeps the live
-- polls with their questions and targets in memory and matches POST /v1/polls/find against them,
-- instead of planning and running the target match for every reader. `poll_catalogue.version`
-- says when that copy is stale: every statement that changes a poll, its questions, answers,
-- targets or assets moves it on (statement-level triggers, so every writer is covered, the studio,
-- a migration or a hand-written UPDATE), and find reads it in the same round trip as the article
-- it is about. Votes do not change it.

CREATE TABLE poll_catalogue (
  -- One row.
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  version bigint NOT NULL DEFAULT 1
);
INSERT INTO poll_catalogue DEFAULT VALUES;

CREATE FUNCTION poll_catalogue_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE poll_catalogue SET version = version + 1;
  RETURN NULL;
END;
$$;

CREATE TRIGGER polls_catalogue AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON polls
  FOR EACH STATEMENT EXECUTE FUNCTION poll_catalogue_changed();
CREATE TRIGGER poll_questions_catalogue AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON poll_questions
  FOR EACH STATEMENT EXECUTE FUNCTION poll_catalogue_changed();
CREATE TRIGGER poll_answers_catalogue AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON poll_answers
  FOR EACH STATEMENT EXECUTE FUNCTION poll_catalogue_changed();
CREATE TRIGGER poll_targets_catalogue AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON poll_targets
  FOR EACH STATEMENT EXECUTE FUNCTION poll_catalogue_changed();
CREATE TRIGGER poll_assets_catalogue AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON poll_assets
  FOR EACH STATEMENT EXECUTE FUNCTION poll_catalogue_changed();
