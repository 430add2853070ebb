-- Paired devices (SPEC §7 "Devices"): a screen (TV, set-top box, kiosk, another browser) registers
-- itself and shows a short pairing code; that pending row is the invite. A reader pairs it from
-- their phone and it becomes theirs; it then plays their feed (GET /v1/articles/device/{id}).
-- Rows are never deleted: unpairing sets removed_at, so the admin's device-invites count (SPEC §7)
-- can count every invite made.
-- owner: 1 a signed-in user's id, 2 a visitor's id, as in user_category_scores; null until paired.

CREATE TABLE devices (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- sha-256 of the 32 random bytes handed to the device once, at creation.
  secret_hash bytea NOT NULL CHECK (octet_length(secret_hash) = 32),
  pairing_code text NOT NULL CHECK (pairing_code ~ '^[2-9A-HJKMNP-Z]{8}$'),
  name text CHECK (char_length(name) <= 80),
  -- SPEC §3 visitor.device fields, as the device describes itself.
  type text CHECK (char_length(type) <= 32),
  vendor text CHECK (char_length(vendor) <= 64),
  model text CHECK (char_length(model) <= 64),
  os_name text CHECK (char_length(os_name) <= 64),
  os_version text CHECK (char_length(os_version) <= 32),
  browser_name text CHECK (char_length(browser_name) <= 64),
  browser_version text CHECK (char_length(browser_version) <= 32),
  cpu_arch text CHECK (char_length(cpu_arch) <= 16),
  created_at timestamptz NOT NULL DEFAULT now(),
  -- When the invite (the pairing code) stops being accepted, unless paired before.
  expires_at timestamptz NOT NULL,
  owner_actor_type smallint CHECK (owner_actor_type IN (1, 2)),
  owner_actor_id text,
  paired_at timestamptz,
  lease_expires_at timestamptz,
  last_seen_at timestamptz,
  removed_at timestamptz,
  CHECK ((owner_actor_type IS NULL) = (owner_actor_id IS NULL)),
  CHECK ((owner_actor_id IS NULL) = (paired_at IS NULL)),
  CHECK ((owner_actor_id IS NULL) = (lease_expires_at IS NULL))
);

-- A code names one pending invite at a time; paired and removed devices keep theirs (a phone that
-- types an old code learns the device is already paired) without blocking new invites.
CREATE UNIQUE INDEX devices_pending_code ON devices (pairing_code) WHERE owner_actor_id IS NULL AND removed_at IS NULL;
CREATE INDEX devices_code ON devices (pairing_code);
-- The reader's devices, most recently paired first.
CREATE INDEX devices_owner ON devices (owner_actor_type, owner_actor_id, paired_at DESC) WHERE removed_at IS NULL;
