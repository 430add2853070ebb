-- Radar from the index alone: the GiST index of the places carries each place's article and
-- published_at, so nearest_places reads its 330 nearest without visiting the table (an index-only
-- scan; the cube opclass keeps its keys whole). At 1,000,000 articles the heap visits were three
-- quarters of the function's time: one table page per place, since places near each other were
-- written far apart in time.
CREATE INDEX article_places_nearest ON article_places USING gist (place) INCLUDE (published_at, article_id);
DROP INDEX article_places_place;
