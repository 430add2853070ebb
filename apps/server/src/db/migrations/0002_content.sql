-- Content: publishers, categories, articles with their media and transcripts, stories, playlists,
-- and readers' interactions with articles.

-- unaccent() is only STABLE (its dictionary could change); pinning the dictionary makes it safe
-- to use in an index and a generated column.
CREATE FUNCTION newsreel_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;

CREATE TABLE publishers (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  slug text NOT NULL UNIQUE,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  website text,
  logo_url text,
  branding jsonb NOT NULL DEFAULT '{}',
  settings jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE categories (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  slug text NOT NULL UNIQUE,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE articles (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  slug text NOT NULL UNIQUE CHECK (char_length(slug) >= 6),
  title text NOT NULL CHECK (char_length(title) >= 12),
  description text NOT NULL CHECK (char_length(description) BETWEEN 50 AND 400),
  summary text NOT NULL DEFAULT '',
  status smallint NOT NULL DEFAULT 0 CHECK (status BETWEEN 0 AND 5),
  review_status smallint NOT NULL DEFAULT 0 CHECK (review_status BETWEEN 0 AND 3),
  territory smallint NOT NULL DEFAULT 0 CHECK (territory BETWEEN 0 AND 4),
  breaking boolean NOT NULL DEFAULT false,
  language text NOT NULL DEFAULT 'en',
  publisher_id uuid NOT NULL REFERENCES publishers (id),
  category_ids uuid[] NOT NULL DEFAULT '{}',
  region_ids smallint[] NOT NULL DEFAULT '{0}',
  location_name text,
  location_slug text,
  lat double precision CHECK (lat BETWEEN -90 AND 90),
  lon double precision CHECK (lon BETWEEN -180 AND 180),
  poster_url text,
  duration_seconds real,
  transcript_text text NOT NULL DEFAULT '',
  published_at timestamptz,
  scheduled_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  search_vector tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('english', newsreel_unaccent(title)), 'A') ||
    setweight(to_tsvector('english', newsreel_unaccent(description)), 'B') ||
    setweight(to_tsvector('english', newsreel_unaccent(summary)), 'C') ||
    setweight(to_tsvector('english', newsreel_unaccent(transcript_text)), 'D')
  ) STORED
);

-- Public feeds read active articles newest first; partial indexes keep them small and ordered.
CREATE INDEX articles_public_feed ON articles (published_at DESC, id DESC) WHERE status = 1;
CREATE INDEX articles_public_breaking ON articles (published_at DESC) WHERE status = 1 AND breaking;
CREATE INDEX articles_publisher_feed ON articles (publisher_id, published_at DESC) WHERE status = 1;
CREATE INDEX articles_regions ON articles USING gin (region_ids) WHERE status = 1;
CREATE INDEX articles_categories ON articles USING gin (category_ids) WHERE status = 1;
CREATE INDEX articles_search ON articles USING gin (search_vector);
CREATE INDEX articles_title_trgm ON articles USING gin (newsreel_unaccent(lower(title)) gin_trgm_ops);
-- Radar: a cube index over points on the earth's surface (earthdistance).
CREATE INDEX articles_location ON articles USING gist (ll_to_earth(lat, lon))
  WHERE status = 1 AND lat IS NOT NULL AND lon IS NOT NULL;

CREATE TABLE stories (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  slug text NOT NULL UNIQUE,
  title text NOT NULL,
  description text NOT NULL DEFAULT '',
  poster_url text,
  published_at timestamptz NOT NULL DEFAULT now(),
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE story_articles (
  story_id uuid NOT NULL REFERENCES stories (id) ON DELETE CASCADE,
  article_id uuid NOT NULL REFERENCES articles (id) ON DELETE CASCADE,
  position integer NOT NULL,
  PRIMARY KEY (story_id, article_id)
);
CREATE INDEX story_articles_order ON story_articles (story_id, position);

CREATE TABLE playlists (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  external_id text NOT NULL UNIQUE,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE playlist_articles (
  playlist_id uuid NOT NULL REFERENCES playlists (id) ON DELETE CASCADE,
  article_id uuid NOT NULL REFERENCES articles (id) ON DELETE CASCADE,
  position integer NOT NULL,
  PRIMARY KEY (playlist_id, article_id)
);
CREATE INDEX playlist_articles_order ON playlist_articles (playlist_id, position);

-- An asset belongs to an article or to a story.
CREATE TABLE media_assets (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  article_id uuid REFERENCES articles (id) ON DELETE CASCADE,
  story_id uuid REFERENCES stories (id) ON DELETE CASCADE,
  type smallint NOT NULL CHECK (type BETWEEN 1 AND 5),
  source smallint NOT NULL CHECK (source BETWEEN 1 AND 3),
  url text NOT NULL,
  file_type text NOT NULL,
  file_size bigint,
  language text,
  duration_seconds real,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((article_id IS NULL) <> (story_id IS NULL))
);
CREATE INDEX media_assets_article ON media_assets (article_id) WHERE article_id IS NOT NULL;
CREATE INDEX media_assets_story ON media_assets (story_id) WHERE story_id IS NOT NULL;

CREATE TABLE transcripts (
  article_id uuid NOT NULL REFERENCES articles (id) ON DELETE CASCADE,
  language text NOT NULL,
  cues jsonb NOT NULL,
  PRIMARY KEY (article_id, language)
);

-- kind: 1 like, 2 dislike, 3 save, 4 view. actor: a signed-in user's id or a visitor's id.
CREATE TABLE article_interactions (
  article_id uuid NOT NULL REFERENCES articles (id) ON DELETE CASCADE,
  actor_type smallint NOT NULL CHECK (actor_type IN (1, 2)),
  actor_id text NOT NULL,
  kind smallint NOT NULL CHECK (kind BETWEEN 1 AND 4),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (actor_type, actor_id, kind, article_id)
);
CREATE INDEX article_interactions_article ON article_interactions (article_id, kind);
CREATE INDEX article_interactions_recent ON article_interactions (created_at DESC);
