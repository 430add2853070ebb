-- The audit log (issue 15, docs/architecture.md "The audit log"): every admin write, with who made
-- it, when, and the resource before and after. Each entry is written in the same transaction as
-- the change it records (modules/audit/audit-log.ts), so a change is never without its entry and
-- an entry never names a change that was rolled back.
CREATE TABLE audit_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  occurred_at timestamptz NOT NULL DEFAULT now(),
  -- No foreign key: an entry outlives the account that made it, and names it by the email it had
  -- at the time. Null user: the server itself (a background job).
  actor_user_id uuid,
  actor_email text,
  -- SPEC §3 admin role held at the time: 0 superuser, 1 moderator.
  actor_role smallint CHECK (actor_role IN (0, 1)),
  -- create, update, delete, or another verb (approve, reject, revoke …).
  action text NOT NULL CHECK (action ~ '^[a-z][a-z0-9_-]{0,39}$'),
  -- What was changed, e.g. category, publisher, publisher-user.
  resource text NOT NULL CHECK (resource ~ '^[a-z][a-z0-9_-]{0,39}$'),
  resource_id text NOT NULL CHECK (char_length(resource_id) BETWEEN 1 AND 200),
  before jsonb,
  after jsonb,
  request_id text CHECK (char_length(request_id) <= 100),
  ip text CHECK (char_length(ip) <= 64)
);
CREATE INDEX audit_log_time ON audit_log (occurred_at DESC, id DESC);
CREATE INDEX audit_log_resource ON audit_log (resource, resource_id, occurred_at DESC);
CREATE INDEX audit_log_actor ON audit_log (actor_user_id, occurred_at DESC);

-- Nobody edits the log: not a route, not a script, not a moderator. UPDATE, DELETE and TRUNCATE
-- are refused by the database itself, whatever SQL asks for them.
CREATE FUNCTION audit_log_refuse_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'The audit log is append-only: its entries cannot be changed or removed (% refused).', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$;
CREATE TRIGGER audit_log_no_update_or_delete BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_refuse_change();
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse_change();
