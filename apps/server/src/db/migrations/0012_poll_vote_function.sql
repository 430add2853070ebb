-- One vote per visitor per question, keyed visitor first: POST /v1/polls/find reads which of the
-- matched polls' questions the visitor has answered, by the visitor; the vote's own checks name
-- both columns, and counts read votes by answer (poll_votes_answer_region).
ALTER TABLE poll_votes DROP CONSTRAINT poll_votes_pkey, ADD CONSTRAINT poll_votes_pkey PRIMARY KEY (visitor_id, question_id);

-- Votes are stored by cast_poll_votes(), a batch at a time (modules/polls/vote-batches.ts: the
-- votes that arrive while earlier ones are being written go together, one statement and one
-- commit for many). Each vote is the same INSERT … SELECT as before: stored only when its answer
-- is its question's, its question its poll's, and the poll live and public within its times; one
-- vote per visitor per question (a second one, even in the same batch, is not stored). PL/pgSQL,
-- so that PostgreSQL keeps the plan instead of planning the join for every batch.
CREATE FUNCTION cast_poll_votes(p_polls uuid[], p_questions uuid[], p_answers uuid[], p_visitors text[], p_regions smallint[], p_lats numeric[], p_lons numeric[])
RETURNS TABLE (poll_id uuid, question_id uuid, answer_id uuid, visitor_id text, created_at timestamptz)
LANGUAGE plpgsql AS $$
BEGIN
  RETURN QUERY
  INSERT INTO poll_votes AS v (question_id, visitor_id, poll_id, answer_id, region_id, lat, lon, place)
  SELECT q.id, b.visitor, p.id, a.id, b.region, b.lat, b.lon,
    CASE WHEN b.lat IS NULL OR b.lon IS NULL THEN NULL ELSE ll_to_earth(b.lat::float8, b.lon::float8) END
  FROM unnest(p_polls, p_questions, p_answers, p_visitors, p_regions, p_lats, p_lons) AS b(poll, question, answer, visitor, region, lat, lon)
  JOIN poll_answers a ON a.id = b.answer
  JOIN poll_questions q ON q.id = a.question_id AND q.id = b.question
  JOIN polls p ON p.id = q.poll_id AND p.id = b.poll
  WHERE p.status = 2 AND p.visibility = 0
    AND (p.starts_at IS NULL OR p.starts_at <= now()) AND (p.ends_at IS NULL OR p.ends_at > now())
  ON CONFLICT ON CONSTRAINT poll_votes_pkey DO NOTHING
  RETURNING v.poll_id, v.question_id, v.answer_id, v.visitor_id, v.created_at;
END;
$$;

-- "Near you" is counted among one poll's votes, read by answer (poll_votes_answer_region); the
-- GiST index on the votes' points served no query and cost every vote an insert into it.
DROP INDEX poll_votes_place;
