-- Each article's summary (the contract's ArticleSummary, as JSON text) is written once, when the
-- article or what it shows changes, and kept in article_cards; a list reads the page's cards by key.
--
-- Written at every read (article_summaries, migration 0048), the JSON of a page of 30 cost about
-- half of the PostgreSQL time of a feed, radar or personal-feed request at 1,000,000 articles: the
-- articles' rows, their publishers, the categories' names and row_to_json for each one. Kept, the
-- page is 30 lookups of a narrow table. A card is written in the same transaction as the change
-- it shows, by the triggers below, so no read ever sees one older than its article:
--   - articles: inserted, or updated (any column; an unchanged card is not rewritten), which also
--     covers the main playable file the media triggers keep on the article (migration 0048);
--   - publishers: name or slug changed; categories: added, renamed, re-slugged or removed (a
--     category id with no category is left out of a card).
-- Deleting an article deletes its card. A publisher or category renamed while one of its articles
-- is written could leave the card with one side's old value (neither transaction sees the other's
-- change before it commits), so the two take one advisory lock before they write cards: article
-- writes share it, a rename holds it alone; the one that waits reads the other's committed change.

CREATE TABLE article_cards (
  article_id uuid PRIMARY KEY REFERENCES articles (id) ON DELETE CASCADE,
  card text NOT NULL
);

-- The cards are what article_summaries (migration 0048) wrote at every read: the JSON in the
-- contract's keys and order, for the articles `ids` (`id`, `summary`; its `position` is not used
-- here). Renamed, it now writes them once; the lists read them from article_cards by key
-- (articles/article-repository.ts, summariesOf).
ALTER FUNCTION article_summaries(uuid[]) RENAME TO written_article_cards;

-- Writes the cards of the articles `ids` that are new or changed.
CREATE FUNCTION refresh_article_cards(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO article_cards (article_id, card) SELECT w.id, w.summary FROM written_article_cards(ids) w
  ON CONFLICT (article_id) DO UPDATE SET card = excluded.card WHERE article_cards.card IS DISTINCT FROM excluded.card;
$$;

-- The lock the cards' writers take (above): any fixed number, the same for every process.
CREATE FUNCTION article_cards_lock() RETURNS bigint LANGUAGE sql IMMUTABLE AS 'SELECT 724002::bigint';

CREATE FUNCTION article_cards_articles_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock_shared(article_cards_lock());
  PERFORM refresh_article_cards(ARRAY(SELECT id FROM changed_articles));
  RETURN NULL;
END
$$;
CREATE TRIGGER article_cards_articles_inserted AFTER INSERT ON articles
  REFERENCING NEW TABLE AS changed_articles FOR EACH STATEMENT EXECUTE FUNCTION article_cards_articles_changed();
CREATE TRIGGER article_cards_articles_updated AFTER UPDATE ON articles
  REFERENCING NEW TABLE AS changed_articles FOR EACH STATEMENT EXECUTE FUNCTION article_cards_articles_changed();

-- A publisher's name or slug is on the cards of all its articles (found by articles_publisher_created).
CREATE FUNCTION article_cards_publishers_updated() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed uuid[] := ARRAY(SELECT n.id FROM new_publishers n JOIN old_publishers o ON o.id = n.id
                          WHERE (n.name, n.slug) IS DISTINCT FROM (o.name, o.slug));
BEGIN
  IF cardinality(changed) > 0 THEN
    -- Its articles are looked up after the lock, so an article written meanwhile is among them.
    PERFORM pg_advisory_xact_lock(article_cards_lock());
    PERFORM refresh_article_cards(ARRAY(SELECT a.id FROM articles a WHERE a.publisher_id = ANY (changed)));
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER article_cards_publishers_updated AFTER UPDATE ON publishers
  REFERENCING OLD TABLE AS old_publishers NEW TABLE AS new_publishers
  FOR EACH STATEMENT EXECUTE FUNCTION article_cards_publishers_updated();

-- A category's name and slug are on the cards of its articles; one that is added or removed
-- appears on or leaves the cards that name its id. No index finds articles by category: this
-- reads the table, for an administrator's rare change.
CREATE FUNCTION article_cards_categories_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    changed := ARRAY(SELECT id FROM new_categories);
  ELSIF TG_OP = 'DELETE' THEN
    changed := ARRAY(SELECT id FROM old_categories);
  ELSE
    changed := ARRAY(SELECT n.id FROM new_categories n JOIN old_categories o ON o.id = n.id
                     WHERE (n.name, n.slug) IS DISTINCT FROM (o.name, o.slug));
  END IF;
  IF cardinality(changed) > 0 THEN
    PERFORM pg_advisory_xact_lock(article_cards_lock());
    PERFORM refresh_article_cards(ARRAY(SELECT a.id FROM articles a WHERE a.category_ids && changed));
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER article_cards_categories_inserted AFTER INSERT ON categories
  REFERENCING NEW TABLE AS new_categories FOR EACH STATEMENT EXECUTE FUNCTION article_cards_categories_changed();
CREATE TRIGGER article_cards_categories_updated AFTER UPDATE ON categories
  REFERENCING OLD TABLE AS old_categories NEW TABLE AS new_categories
  FOR EACH STATEMENT EXECUTE FUNCTION article_cards_categories_changed();
CREATE TRIGGER article_cards_categories_deleted AFTER DELETE ON categories
  REFERENCING OLD TABLE AS old_categories FOR EACH STATEMENT EXECUTE FUNCTION article_cards_categories_changed();

INSERT INTO article_cards (article_id, card) SELECT w.id, w.summary FROM written_article_cards(ARRAY(SELECT id FROM articles)) w;
