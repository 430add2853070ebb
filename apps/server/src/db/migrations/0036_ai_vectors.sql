-- AI search by meaning (docs/architecture.md, "AI search"): each passage names its text's
-- embedding by the text's hash, and where pgvector is installed (always in PGlite) the embeddings
-- are vectors too, so the passages nearest a question are found through an index, not only
-- compared among the full-text candidates.

-- The hash ai_embeddings keys a text by: SHA-256 of its UTF-8 bytes, in hex (as node's crypto
-- makes it). convert_to is only stable because the encoding could differ; the database's is
-- UTF-8 for its whole life, so the function is immutable and may feed a stored column.
CREATE FUNCTION ai_text_hash(text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT encode(sha256(convert_to($1, 'UTF8')), 'hex') $$;

ALTER TABLE ai_passages ADD COLUMN text_hash text GENERATED ALWAYS AS (ai_text_hash(text)) STORED;
-- Equality only (nearest embeddings back to their passages): a hash index is a quarter of a B-tree's size here.
CREATE INDEX ai_passages_text_hash ON ai_passages USING hash (text_hash);

-- Gives ai_embeddings a vector column kept from `embedding` where the vector extension can be
-- made; answers whether it has one. Run by this migration, and again by hand after installing
-- pgvector on a database migrated without it (README, "AI search"). The nearest-neighbour
-- index needs the model's dimensions, so it is made once they are known (embeddings.ts).
CREATE FUNCTION ai_enable_vectors() RETURNS boolean LANGUAGE plpgsql AS $fn$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'vector') THEN
    IF NOT EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'vector') THEN
      RETURN false;
    END IF;
    BEGIN
      CREATE EXTENSION vector;
    EXCEPTION WHEN insufficient_privilege THEN
      RAISE NOTICE 'pgvector is installed but this role may not create it (CREATE EXTENSION vector as a superuser, then SELECT ai_enable_vectors())';
      RETURN false;
    END;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM information_schema.columns WHERE table_name = 'ai_embeddings' AND column_name = 'vec') THEN
    ALTER TABLE ai_embeddings ADD COLUMN vec vector;
    CREATE FUNCTION ai_embeddings_vec() RETURNS trigger LANGUAGE plpgsql AS $t$
    BEGIN
      NEW.vec := CASE WHEN cardinality(NEW.embedding) > 0 THEN NEW.embedding::vector END;
      RETURN NEW;
    END $t$;
    CREATE TRIGGER ai_embeddings_vec BEFORE INSERT OR UPDATE OF embedding ON ai_embeddings
      FOR EACH ROW EXECUTE FUNCTION ai_embeddings_vec();
    UPDATE ai_embeddings SET vec = embedding::vector WHERE cardinality(embedding) > 0;
  END IF;
  RETURN true;
END $fn$;

SELECT ai_enable_vectors();
