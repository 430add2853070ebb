-- An update of media_assets sets the main file of the articles it touched once: the files' articles
-- before and after (a file may move), from one trigger that sees both transition tables. Two
-- triggers, one for each table (migration 0048), worked out the main file of the same articles
-- twice at every update, the frequent ones too (a file processed, its poster set).
CREATE FUNCTION media_assets_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_article_main_media(ARRAY(
    SELECT article_id FROM old_media WHERE article_id IS NOT NULL
    UNION SELECT article_id FROM new_media WHERE article_id IS NOT NULL));
  RETURN NULL;
END
$$;
DROP TRIGGER media_assets_updated_from ON media_assets;
DROP TRIGGER media_assets_updated_to ON media_assets;
CREATE TRIGGER media_assets_updated AFTER UPDATE ON media_assets
  REFERENCING OLD TABLE AS old_media NEW TABLE AS new_media FOR EACH STATEMENT EXECUTE FUNCTION media_assets_updated();
