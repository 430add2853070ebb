-- Shard leases for the Kinesis reader (docs/architecture.md, "Analytics"): each shard of a stream is
-- read by one server at a time, and the shards are shared evenly among the servers that read, as
-- the Kinesis Client Library does. Without them every server read every shard, which the store made
-- harmless but which spends the shard's read limit (5 calls a second) once per server.
-- A lease is only an economy: a record read twice (a lease handed over mid-read) is still stored once.

-- The servers reading a stream, each renewing its row while it runs: how many there are decides
-- each one's share of the shards.
CREATE TABLE stream_readers (
  stream text NOT NULL,
  reader_id text NOT NULL,
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (stream, reader_id)
);

-- One row per shard ever leased; the lease is free once expires_at has passed.
CREATE TABLE stream_shard_leases (
  stream text NOT NULL,
  shard_id text NOT NULL,
  owner text NOT NULL,
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (stream, shard_id)
);
