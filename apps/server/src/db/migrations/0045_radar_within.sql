-- Radar decides whether a place is within the radius from the straight-line (chord) distance,
-- and keeps its plans.
--
-- nearest_places (0007) and places_within (0043) tested each place in the box with
-- earth_distance(centre, place) <= radius. earth_distance is an SQL function over sec_to_gc, whose
-- CASE keeps it from being inlined, so each place cost a function call: at 1,000,000 articles,
-- around Paris at 50 km, counting the 330 nearest took 0.67–0.80 ms. The great-circle distance
-- grows with the chord, so a place is within the radius exactly when its chord distance
-- (cube_distance, C) is within the radius's chord, gc_to_sec(radius), made once per call. Only a
-- place within a billionth of that chord, where rounding could decide, is still measured by
-- earth_distance, so the answers are the same. And both are PL/pgSQL now: an SQL function with
-- SET options is not inlined, and PostgreSQL 15 planned its query again at every call (0.15 ms a
-- radar request); PL/pgSQL keeps the plan, always the generic one (the plan is the same for any
-- place). Counting the 330 nearest around Paris: 0.23–0.29 ms; the 30 nearest 0.45 → 0.30 ms.

-- Whether `place` is within `radius` metres of `centre` over the earth's surface, given `chord`,
-- gc_to_sec(radius): exactly earth_distance(centre, place) <= radius.
CREATE FUNCTION earth_within(centre earth, place earth, radius double precision, chord double precision)
  RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT radius >= 0 AND (cube_distance(centre, place) <= chord * (1 - 1e-9)
    OR (cube_distance(centre, place) <= chord * (1 + 1e-9) AND earth_distance(centre, place) <= radius))
$$;

CREATE OR REPLACE FUNCTION nearest_places(centre earth, radius double precision, take integer)
  RETURNS TABLE (article_id uuid, distance_meters double precision, nearness double precision)
  LANGUAGE plpgsql STABLE SET enable_bitmapscan = off SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  chord double precision := gc_to_sec(radius);
BEGIN
  RETURN QUERY SELECT pl.article_id, earth_distance(centre, pl.place), pl.place <-> centre
  FROM article_places pl
  WHERE pl.published_at <= now() AND earth_box(centre, radius) @> pl.place
    AND earth_within(centre, pl.place, radius, chord)
  ORDER BY pl.place <-> centre
  LIMIT take;
END;
$$;

CREATE OR REPLACE FUNCTION places_within(centre earth, radius double precision, cap integer)
  RETURNS bigint LANGUAGE plpgsql STABLE SET enable_bitmapscan = off SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  chord double precision := gc_to_sec(radius);
BEGIN
  RETURN (SELECT count(*) FROM (
    SELECT FROM article_places pl
    WHERE pl.published_at <= now() AND earth_box(centre, radius) @> pl.place
      AND earth_within(centre, pl.place, radius, chord)
    LIMIT cap) within_radius);
END;
$$;
