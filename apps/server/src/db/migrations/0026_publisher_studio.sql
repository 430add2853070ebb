-- The publisher studio (/v1/manage, issue 16): a publisher's own settings (default language and
-- region for new articles), its banner, and the logo and banner files it declares then uploads.

ALTER TABLE publishers
  ADD COLUMN default_language text NOT NULL DEFAULT 'en',
  ADD COLUMN default_region_id smallint NOT NULL DEFAULT 0 CHECK (default_region_id BETWEEN 0 AND 21),
  ADD COLUMN banner_url text;

-- One logo and one banner per publisher: what was declared ({fileType, fileName}) and where its
-- bytes go (uploaded_at null: declared, not uploaded yet); served_key is the file shown now (the
-- publisher's logo_url / banner_url), kept until a new upload replaces it.
CREATE TABLE publisher_assets (
  publisher_id uuid NOT NULL REFERENCES publishers (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('logo', 'banner')),
  file_type text NOT NULL,
  file_name text NOT NULL,
  storage_key text NOT NULL,
  size_bytes integer,
  uploaded_at timestamptz,
  served_key text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (publisher_id, kind)
);

-- The studio's list of a publisher's own articles in every state, newest first.
CREATE INDEX articles_publisher_created ON articles (publisher_id, created_at DESC, id DESC);
