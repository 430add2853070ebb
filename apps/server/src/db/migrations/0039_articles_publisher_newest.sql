-- A feed filtered by publisher alone (GET /v1/articles?publisherId=…) reads the publisher's own
-- newest-first range. The old index lacked the id that breaks ties in the feed's order, so the
-- planner walked every public article newest first and dropped the other publishers' (about
-- 6,000 entries and 107 buffers for page 16 of one publisher of eight, instead of 780 and 10).
CREATE INDEX articles_publisher_newest ON articles (publisher_id, published_at DESC, id DESC) WHERE status = 1;
DROP INDEX articles_publisher_feed;
