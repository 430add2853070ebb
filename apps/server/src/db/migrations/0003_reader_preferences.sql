-- Readers' preferences: how much each reader cares for each category (SPEC §3, "Score update:
-- userCategoryScores"), which orders their personal feed, and their settings under SPEC §3's keys
-- (blockedPublishers, blockedCategories, ...), which the personal feed also reads.
-- actor: 1 a signed-in user's id, 2 a visitor's id, as in article_interactions.

CREATE TABLE user_category_scores (
  actor_type smallint NOT NULL CHECK (actor_type IN (1, 2)),
  actor_id text NOT NULL,
  category_id uuid NOT NULL REFERENCES categories (id) ON DELETE CASCADE,
  score real NOT NULL CHECK (score BETWEEN -100 AND 100),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (actor_type, actor_id, category_id)
);

CREATE TABLE reader_settings (
  actor_type smallint NOT NULL CHECK (actor_type IN (1, 2)),
  actor_id text NOT NULL,
  key text NOT NULL CHECK (key IN ('bulletin', 'blockedPublishers', 'autoScoreAdjust', 'localRadius', 'blockedCategories', 'subscriptionExempt')),
  value jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (actor_type, actor_id, key)
);
