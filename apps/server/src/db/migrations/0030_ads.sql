-- The ad inventory (issue 17 item 1; modules/ads): the ads admins manage, served to the player by
-- GET /v1/ads/next when the web app config's advertising provider is the built-in inventory.
-- Empty region_ids / category_ids target everywhere. media_key is set when the file was uploaded
-- to the media store (removed with the ad); media_url is what the player loads either way.
CREATE TABLE ads (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  title text NOT NULL CHECK (char_length(title) BETWEEN 1 AND 120),
  media_url text CHECK (char_length(media_url) <= 2000),
  media_type text CHECK (media_type IN ('video/mp4', 'video/webm')),
  media_key text,
  click_url text CHECK (char_length(click_url) <= 2000),
  region_ids integer[] NOT NULL DEFAULT '{}',
  category_ids uuid[] NOT NULL DEFAULT '{}',
  starts_at timestamptz,
  ends_at timestamptz,
  weight integer NOT NULL DEFAULT 1 CHECK (weight BETWEEN 1 AND 1000),
  -- At most this many impressions per visitor per (UTC) day; null: no cap.
  daily_cap integer CHECK (daily_cap BETWEEN 1 AND 1000),
  enabled boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT ads_ends_after_start CHECK (ends_at IS NULL OR starts_at IS NULL OR ends_at > starts_at)
);
CREATE INDEX ads_created ON ads (created_at DESC, id DESC);

-- How often each visitor was served each ad on each UTC day, for the frequency cap: a served ad
-- counts (the player asks only when an ad is due, and plays what it is given). Old days are
-- removed as new ones are written.
CREATE TABLE ad_impressions (
  ad_id uuid NOT NULL REFERENCES ads (id) ON DELETE CASCADE,
  visitor_id text NOT NULL,
  day date NOT NULL,
  count integer NOT NULL DEFAULT 1,
  PRIMARY KEY (ad_id, visitor_id, day)
);
CREATE INDEX ad_impressions_day ON ad_impressions (day);
