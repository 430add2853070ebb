-- What an article's source says of it beyond its text (issue 16: an MRSS import keeps every piece of
-- a feed item's metadata): who made it, its keywords, its copyright line and the address of the
-- original. Publishers set them in the bundle; admins in the article's details.
ALTER TABLE articles
  ADD COLUMN credits jsonb NOT NULL DEFAULT '[]',
  ADD COLUMN keywords text[] NOT NULL DEFAULT '{}',
  ADD COLUMN copyright text,
  ADD COLUMN source_url text;
