-- Media processing (docs/architecture.md, "Media processing"): what the background job media.process
-- learnt of a media asset's file (its dimensions and a poster frame, beside duration_seconds), and,
-- for files kept in the media store (story assets), the store's key and when its bytes arrived: a
-- declared asset has no bytes yet (uploaded_at null) and is not shown to readers.
ALTER TABLE media_assets
  ADD COLUMN width integer CHECK (width > 0),
  ADD COLUMN height integer CHECK (height > 0),
  ADD COLUMN poster_key text,
  ADD COLUMN storage_key text,
  -- Files named by URL (and every asset so far) are there from the start.
  ADD COLUMN uploaded_at timestamptz DEFAULT now(),
  ADD COLUMN processed_at timestamptz;
