-- Radar's arithmetic on the earth is written so that PostgreSQL inlines it. earthdistance's
-- ll_to_earth, gc_to_sec and sec_to_gc (behind earth_box and earth_distance) are SQL functions
-- declared STRICT; one whose body is not strict all through (a CASE, a cast to the earth domain)
-- is not inlined, so it runs as a function of its own, whose body PostgreSQL 15 parses and plans
-- again at each statement that calls it: in radar, ll_to_earth twice and gc_to_sec, earth_box and
-- sec_to_gc in each of nearest_places and places_within, every request. The same expressions in
-- functions not declared STRICT are inlined, computed by the same operations in the same order,
-- so every value is the same (a NULL gives NULL as before). One at a time at 1,000,000 articles
-- (pgbench, prepared, random points over Europe at 50 km): nearest_places(60) and
-- places_within(360) 0.47 → 0.35 ms, ll_to_earth 26 → 8 µs.

-- ll_to_earth(lat, lon), inlined.
CREATE FUNCTION earth_point(lat double precision, lon double precision) RETURNS earth
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT cube(cube(cube(earth() * cos(radians(lat)) * cos(radians(lon))), earth() * cos(radians(lat)) * sin(radians(lon))),
    earth() * sin(radians(lat)))::earth
$$;

-- sec_to_gc: the great-circle distance, in metres, of a straight-line (chord) distance; inlined.
CREATE FUNCTION earth_chord_meters(chord double precision) RETURNS double precision
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN chord < 0 THEN 0::float8 WHEN chord / (2 * earth()) > 1 THEN pi() * earth()
    ELSE 2 * earth() * asin(chord / (2 * earth())) END
$$;

-- gc_to_sec: the chord of a great-circle distance in metres; inlined.
CREATE FUNCTION earth_meters_chord(meters double precision) RETURNS double precision
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN meters < 0 THEN 0::float8 WHEN meters / earth() > pi() THEN 2 * earth()
    ELSE 2 * earth() * sin(meters / (2 * earth())) END
$$;

-- As 0045's, measuring the rare place at the chord's edge with earth_chord_meters.
CREATE OR REPLACE FUNCTION earth_within(centre earth, place earth, radius double precision, chord double precision)
  RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT radius >= 0 AND (cube_distance(centre, place) <= chord * (1 - 1e-9)
    OR (cube_distance(centre, place) <= chord * (1 + 1e-9) AND earth_chord_meters(cube_distance(centre, place)) <= radius))
$$;

-- As 0045's; earth_box(centre, radius) is cube_enlarge(centre, gc_to_sec(radius), 3).
CREATE OR REPLACE FUNCTION nearest_places(centre earth, radius double precision, take integer)
  RETURNS TABLE (article_id uuid, distance_meters double precision, nearness double precision)
  LANGUAGE plpgsql STABLE SET enable_bitmapscan = off SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  chord double precision := earth_meters_chord(radius);
BEGIN
  RETURN QUERY SELECT pl.article_id, earth_chord_meters(cube_distance(centre, pl.place)), pl.place <-> centre
  FROM article_places pl
  WHERE pl.published_at <= now() AND cube_enlarge(centre, chord, 3) @> pl.place
    AND earth_within(centre, pl.place, radius, chord)
  ORDER BY pl.place <-> centre
  LIMIT take;
END;
$$;

CREATE OR REPLACE FUNCTION places_within(centre earth, radius double precision, cap integer)
  RETURNS bigint LANGUAGE plpgsql STABLE SET enable_bitmapscan = off SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  chord double precision := earth_meters_chord(radius);
BEGIN
  RETURN (SELECT count(*) FROM (
    SELECT FROM article_places pl
    WHERE pl.published_at <= now() AND cube_enlarge(centre, chord, 3) @> pl.place
      AND earth_within(centre, pl.place, radius, chord)
    LIMIT cap) within_radius);
END;
$$;
