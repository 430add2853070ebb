-- Polls (SPEC §3 Poll, Poll request, Poll vote; §4 Poll offering; §7 Polls and Admin polls).
-- A poll has questions, each with answers; targets say whom it is offered to; assets are the
-- image or video shown above it; votes are one per visitor per question, forever.
-- Enumerations as SPEC §3: status pending 0, ready 1, live 2, ended 3; type rapid 0, survey 1;
-- visibility public 0, private 1; question type standard 0, scale 1, visitor meta 2.

CREATE TABLE polls (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 120),
  -- Lower is offered first.
  priority integer NOT NULL DEFAULT 100 CHECK (priority >= 0),
  type smallint NOT NULL DEFAULT 0 CHECK (type IN (0, 1)),
  status smallint NOT NULL DEFAULT 0 CHECK (status BETWEEN 0 AND 3),
  visibility smallint NOT NULL DEFAULT 0 CHECK (visibility IN (0, 1)),
  config jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(config) = 'object'),
  -- Null: open from the start, or open-ended.
  starts_at timestamptz,
  ends_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (starts_at IS NULL OR ends_at IS NULL OR ends_at > starts_at)
);
-- POST /v1/polls/find reads the live public polls in offering order; there are few of them.
CREATE INDEX polls_live ON polls (priority, created_at, id) WHERE status = 2 AND visibility = 0;

CREATE TABLE poll_assets (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  poll_id uuid NOT NULL REFERENCES polls (id) ON DELETE CASCADE,
  file_type text NOT NULL CHECK (file_type IN ('image/jpeg', 'image/png', 'image/webp', 'image/gif', 'video/mp4', 'video/webm')),
  file_name text NOT NULL CHECK (char_length(file_name) BETWEEN 1 AND 200),
  -- Where the media store keeps the bytes (integrations/storage).
  storage_key text NOT NULL UNIQUE,
  -- Set once the bytes have been uploaded and checked.
  size_bytes integer CHECK (size_bytes > 0),
  uploaded_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (poll_id, file_name),
  CHECK ((size_bytes IS NULL) = (uploaded_at IS NULL))
);

-- One target matches a request when every field it sets matches; a poll matches when any of its
-- targets does, and a poll without targets matches everyone. Content ids are not foreign keys on
-- purpose: a deleted article or publisher must not turn a targeted poll into one for everyone
-- (ON DELETE CASCADE) nor block the deletion (RESTRICT); its target then simply matches nothing.
-- No GIN index on the arrays: find reads the targets of the few live polls by poll_id.
CREATE TABLE poll_targets (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  poll_id uuid NOT NULL REFERENCES polls (id) ON DELETE CASCADE,
  region_ids smallint[] NOT NULL DEFAULT '{}',
  category_ids uuid[] NOT NULL DEFAULT '{}',
  publisher_id uuid,
  story_id uuid,
  article_id uuid,
  -- A circle: its centre and radius in metres.
  lat double precision CHECK (lat BETWEEN -90 AND 90),
  lon double precision CHECK (lon BETWEEN -180 AND 180),
  radius integer CHECK (radius BETWEEN 1000 AND 1000000),
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((lat IS NULL) = (lon IS NULL) AND (lat IS NULL) = (radius IS NULL)),
  -- A target that sets nothing would match everyone: that is a poll without targets.
  CHECK (cardinality(region_ids) > 0 OR cardinality(category_ids) > 0 OR publisher_id IS NOT NULL
    OR story_id IS NOT NULL OR article_id IS NOT NULL OR lat IS NOT NULL)
);
CREATE INDEX poll_targets_poll ON poll_targets (poll_id);

CREATE TABLE poll_questions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  poll_id uuid NOT NULL REFERENCES polls (id) ON DELETE CASCADE,
  label text NOT NULL CHECK (char_length(label) BETWEEN 1 AND 300),
  type smallint NOT NULL DEFAULT 0 CHECK (type BETWEEN 0 AND 2),
  -- The question's place among the poll's, from 0 (the API's `order`).
  position smallint NOT NULL CHECK (position >= 0),
  -- The visitor field a visitor-meta question fills; set exactly for visitor-meta questions.
  field text CHECK (field IN ('email', 'yob', 'sex', 'postCode', 'phone', 'incomeBracket', 'ageBracket')),
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((type = 2) = (field IS NOT NULL)),
  -- For the votes' foreign key: a vote's question is its poll's.
  UNIQUE (poll_id, id)
);
CREATE INDEX poll_questions_poll ON poll_questions (poll_id, position);

CREATE TABLE poll_answers (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  question_id uuid NOT NULL REFERENCES poll_questions (id) ON DELETE CASCADE,
  label text NOT NULL CHECK (char_length(label) BETWEEN 1 AND 120),
  position smallint NOT NULL CHECK (position >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  -- For the votes' foreign key: a vote's answer is its question's.
  UNIQUE (question_id, id)
);
CREATE INDEX poll_answers_question ON poll_answers (question_id, position);

-- One row per visitor per question: the primary key is what makes a second vote impossible, even
-- for two requests at the same instant. The composite foreign keys make a vote whose answer is not
-- its question's, or whose question is not its poll's, impossible too; RESTRICT refuses deleting a
-- question or answer that has votes (deleting a poll deletes its votes first, in one transaction).
-- Positions are kept rounded to POLL_VOTE_POSITION_DECIMALS (2) places, about 1 km: enough for
-- "near you", never an address; `place` is the same point on the earth, for the nearby counts.
CREATE TABLE poll_votes (
  question_id uuid NOT NULL,
  visitor_id text NOT NULL CHECK (visitor_id ~ '^[A-Za-z0-9_-]{8,64}$'),
  poll_id uuid NOT NULL REFERENCES polls (id) ON DELETE RESTRICT,
  answer_id uuid NOT NULL,
  region_id smallint NOT NULL DEFAULT 0 CHECK (region_id >= 0),
  lat numeric(4, 2) CHECK (lat BETWEEN -90 AND 90),
  lon numeric(5, 2) CHECK (lon BETWEEN -180 AND 180),
  place earth,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (question_id, visitor_id),
  FOREIGN KEY (poll_id, question_id) REFERENCES poll_questions (poll_id, id) ON DELETE RESTRICT,
  FOREIGN KEY (question_id, answer_id) REFERENCES poll_answers (question_id, id) ON DELETE RESTRICT,
  CHECK ((lat IS NULL) = (lon IS NULL) AND (lat IS NULL) = (place IS NULL))
);
-- Counts per answer, everyone's and one region's (and the answer foreign key's check).
CREATE INDEX poll_votes_answer_region ON poll_votes (answer_id, region_id);
-- The admin's votes per region, and a poll's vote count.
CREATE INDEX poll_votes_poll_region ON poll_votes (poll_id, region_id);
-- "Near you": votes inside earth_box(centre, radius).
CREATE INDEX poll_votes_place ON poll_votes USING gist (place) WHERE place IS NOT NULL;
