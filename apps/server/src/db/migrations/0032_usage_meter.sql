-- The usage meter (issue 17 item 3; docs/architecture.md, "Usage meter"): the articles a
-- signed-in reader without a subscription opened, one row per reader and article. An article
-- counts once per rolling window (the app config's subscription.meter.periodDays): reopening it
-- inside the window changes nothing; opening it again after it left the window counts it anew
-- (read_at moves). modules/subscriptions/meter-repository.ts counts under a per-reader lock, so
-- two tabs opening two articles with one free left get exactly one.
CREATE TABLE subscription_meter_reads (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  article_id uuid NOT NULL REFERENCES articles (id) ON DELETE CASCADE,
  read_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, article_id)
);
CREATE INDEX subscription_meter_reads_window ON subscription_meter_reads (user_id, read_at DESC);
CREATE INDEX subscription_meter_reads_article ON subscription_meter_reads (article_id);
