-- Analytics roll-ups (issue 12, DESIGN.md §5): the per-day counts the statistics read, applied
-- from the event store (0013) by modules/analytics/rollups.ts in seq order. The applier holds the
-- 'rollups' row of analytics_cursors FOR UPDATE while it adds one chunk of events and moves the
-- cursor past them in the same transaction, so a chunk counts once: never twice with several
-- workers, never in part after a crash.
--
-- One row per dimension, key and UTC day of the event's own time:
--   all                 ''                          every event
--   article             articleId                   events about the article
--   publisher           publisherId
--   playlist            playlistId                  media played from the playlist
--   playlist_article    playlistId/articleId        playback per article on a playlist
--   playlist_publisher  playlistId/publisherId      playback per publisher on a playlist
--   region              region_id                   the client address's region (0: unknown)
--   ad                  adId
--   poll_answer         pollId/questionId/answerId
--   action              the event's action          the count of each action a day
-- Ids are lower-case uuids (adId: any text up to 100 characters); events naming a malformed id
-- are left out of that dimension only. `key` sorts bytewise (COLLATE "C") so a playlist's rows
-- are one range of keys ('<playlistId>/' up to '<playlistId>0').
CREATE TABLE analytics_rollups (
  dimension text NOT NULL CHECK (dimension IN ('all', 'article', 'publisher', 'playlist', 'playlist_article',
    'playlist_publisher', 'region', 'ad', 'poll_answer', 'action')),
  key text COLLATE "C" NOT NULL,
  day date NOT NULL,
  events bigint NOT NULL DEFAULT 0,
  -- Distinct visitors among the row's events (analytics_rollup_visitors); 0 for action rows.
  visitors bigint NOT NULL DEFAULT 0,
  plays bigint NOT NULL DEFAULT 0,
  -- 'Watch Time' events' watchSeconds, in whole milliseconds, each clamped to 0..300 s.
  watch_ms bigint NOT NULL DEFAULT 0,
  completions bigint NOT NULL DEFAULT 0,
  likes bigint NOT NULL DEFAULT 0,
  shares bigint NOT NULL DEFAULT 0,
  ad_impressions bigint NOT NULL DEFAULT 0,
  ad_clicks bigint NOT NULL DEFAULT 0,
  poll_votes bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (dimension, day, key)
);

-- The visitors already counted in each row, so a visitor counts once a day per row however many
-- events it sends, and "distinct visitors over a range of days" is a count of these.
CREATE TABLE analytics_rollup_visitors (
  dimension text NOT NULL,
  key text COLLATE "C" NOT NULL,
  day date NOT NULL,
  visitor_id text NOT NULL,
  PRIMARY KEY (dimension, day, key, visitor_id)
);

INSERT INTO analytics_cursors (consumer) VALUES ('rollups') ON CONFLICT DO NOTHING;
