-- Visitors (SPEC §3 Visitor, §7 "Status and visitors"): the identity of one browser. The browser
-- makes the id itself (before its first render) and names it in likes, saves and votes before the
-- server has heard of it, so the id is the browser's, in the format every visitorId has.
-- device and location are what the server detected of the caller at the last create or update;
-- meta is what the reader told about themselves (validated per field by the API); extra holds the
-- free fields of PUT, bounded in size.
CREATE TABLE visitors (
  id text PRIMARY KEY CHECK (id ~ '^[A-Za-z0-9_-]{8,64}$'),
  -- The user this visitor last signed in as. Deleting the account deletes its visitors: they hold
  -- what the reader told about themselves. The browser makes its visitor again on its next refresh.
  user_id uuid REFERENCES users (id) ON DELETE CASCADE,
  region_id smallint NOT NULL DEFAULT 0 CHECK (region_id >= 0),
  ip_address text NOT NULL CHECK (char_length(ip_address) <= 64),
  screen_width integer NOT NULL CHECK (screen_width BETWEEN 0 AND 32767),
  screen_height integer NOT NULL CHECK (screen_height BETWEEN 0 AND 32767),
  device jsonb NOT NULL CHECK (jsonb_typeof(device) = 'object'),
  -- Null when the address could not be placed.
  location jsonb CHECK (jsonb_typeof(location) = 'object'),
  meta jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(meta) = 'object'),
  extra jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  -- The free fields together (VISITOR_EXTRA_MAX_BYTES in packages/contracts): held here, so two
  -- updates at once cannot together pass it.
  CONSTRAINT visitors_extra_size CHECK (jsonb_typeof(extra) = 'object' AND octet_length(extra::text) <= 4096)
);

-- A user's visitors (their browsers).
CREATE INDEX visitors_user ON visitors (user_id) WHERE user_id IS NOT NULL;
