-- Where the Kinesis stream reader is in each shard (integrations/stream/kinesis-stream.ts): one
-- analytics_cursors row per `kinesis:<stream>:<shard>`, holding the sequence number of the last
-- record that the event store has committed. Kinesis sequence numbers are decimal strings of up to
-- 128 digits, beyond a bigint, so they get a column of their own; last_seq stays 0 on these rows.
ALTER TABLE analytics_cursors ADD COLUMN stream_position text;
