-- The admin's exact event counts read a time range of the store, which the primary key
-- (event_time, event_id) already orders; the extra (action, event_time) index only spared them
-- filtering the range by action, at the cost of a third index entry for every event stored (the
-- ingest is the hot path: bench/RESULTS.md, "Analytics ingest").
DROP INDEX IF EXISTS analytics_events_action_time;
