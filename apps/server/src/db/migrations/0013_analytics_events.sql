-- The analytics event store (SPEC §3 Analytics event, Stream record; DESIGN.md §5). Every event
-- the ingest acknowledged is here exactly once: written directly by the default `postgres` stream,
-- or copied here from NATS JetStream or Kinesis by the stream reader. Roll-ups and the admin's
-- exact event counts read it.
--
-- Append-only and partitioned by month on event_time: the client's own time of the event, which
-- a retried batch carries unchanged, so the primary key (event_time, event_id) makes a retry a
-- no-op (ON CONFLICT DO NOTHING) inside one partition. Months outside the partitions made so far
-- land in the default partition (modules/analytics/event-partitions.ts makes the months ahead).
CREATE TABLE analytics_events (
  -- Order of arrival in the store; the roll-ups consume it in this order (see analytics_cursors).
  seq bigint GENERATED ALWAYS AS IDENTITY,
  event_id uuid NOT NULL,
  event_time timestamptz NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  partition_key text NOT NULL CHECK (partition_key IN ('app_events', 'article_events', 'ad_events')),
  action text NOT NULL CHECK (char_length(action) BETWEEN 1 AND 100),
  visitor_id text,
  -- The region of the client's address, stamped by the server at ingest (0: unknown).
  region_id smallint NOT NULL DEFAULT 0,
  data jsonb NOT NULL,
  PRIMARY KEY (event_time, event_id)
) PARTITION BY RANGE (event_time);

CREATE TABLE analytics_events_default PARTITION OF analytics_events DEFAULT;

-- The roll-ups and the admin's counts read by arrival and by action over a time range.
CREATE INDEX analytics_events_seq ON analytics_events (seq);
CREATE INDEX analytics_events_action_time ON analytics_events (action, event_time);

-- How far each consumer of the store has read, by seq. A consumer holds its row FOR UPDATE while
-- it applies a range and moves the row on in the same transaction, so two workers never apply
-- the same events and a crash applies none of a range twice.
CREATE TABLE analytics_cursors (
  consumer text PRIMARY KEY,
  last_seq bigint NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now()
);
