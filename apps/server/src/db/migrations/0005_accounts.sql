-- Accounts (SPEC §3 account status and roles, §6 identities, §7 Users and Auth). docs/security.md
-- says what each role may do and how the tokens, keys and passwords below work.

CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- As typed; unique without regard to case (users_email_key below).
  email text NOT NULL CHECK (char_length(email) BETWEEN 3 AND 254),
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 80),
  -- argon2id, PHC string format.
  password_hash text NOT NULL,
  -- SPEC §3 account status: 0 inactive (email not confirmed), 1 active, 2 suspended.
  status smallint NOT NULL DEFAULT 0 CHECK (status IN (0, 1, 2)),
  -- A new address waiting for its confirmation link.
  pending_email text CHECK (char_length(pending_email) <= 254),
  active_publisher_id uuid REFERENCES publishers (id) ON DELETE SET NULL,
  language text CHECK (char_length(language) <= 16),
  -- Failed sign-ins in the current hour: their count slows further attempts (docs/security.md).
  failed_logins integer NOT NULL DEFAULT 0,
  last_failed_login_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_key ON users (lower(email));

-- Rotating refresh tokens. Each sign-in starts a family; each refresh replaces the token with the
-- next of its family. A replaced token presented again means it was stolen: the family is revoked.
CREATE TABLE refresh_tokens (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  family_id uuid NOT NULL,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- sha-256 of 32 random bytes: the token itself is never stored.
  token_hash bytea NOT NULL UNIQUE CHECK (octet_length(token_hash) = 32),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  replaced_at timestamptz,
  revoked_at timestamptz
);
CREATE INDEX refresh_tokens_family ON refresh_tokens (family_id);
CREATE INDEX refresh_tokens_user ON refresh_tokens (user_id);

-- Single-use keys sent by mail: confirm an address (24 h) or reset a password (1 h).
CREATE TABLE user_keys (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('verify', 'reset')),
  key_hash bytea NOT NULL UNIQUE CHECK (octet_length(key_hash) = 32),
  -- For 'verify': the address the key confirms (the account's own, or its pending new one).
  email text,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX user_keys_user ON user_keys (user_id, purpose, created_at DESC);

-- SPEC §3 admin role: 0 superuser, 1 moderator. At most one role per user.
CREATE TABLE admin_roles (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  role smallint NOT NULL CHECK (role IN (0, 1)),
  created_at timestamptz NOT NULL DEFAULT now()
);

-- SPEC §3 account role on a publisher: 0 admin (its users and settings), 1 member (its articles).
CREATE TABLE publisher_users (
  publisher_id uuid NOT NULL REFERENCES publishers (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  role smallint NOT NULL CHECK (role IN (0, 1)),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (publisher_id, user_id)
);
CREATE INDEX publisher_users_user ON publisher_users (user_id);

CREATE TABLE vendors (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 120),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE vendor_users (
  vendor_id uuid NOT NULL REFERENCES vendors (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  role smallint NOT NULL CHECK (role IN (0, 1)),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (vendor_id, user_id)
);
CREATE INDEX vendor_users_user ON vendor_users (user_id);

-- API keys (SPEC §3 "API key creation: vendorId or userId, plus name"), exchanged for a vendor
-- token by POST /v1/auth/vendor. A key of a vendor acts for that vendor; a key of a user acts for
-- the vendors that user belongs to.
CREATE TABLE api_keys (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  vendor_id uuid REFERENCES vendors (id) ON DELETE CASCADE,
  user_id uuid REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL DEFAULT 'Access Key' CHECK (char_length(name) BETWEEN 1 AND 80),
  -- The key's first characters, shown in lists so a person can tell keys apart.
  prefix text NOT NULL,
  key_hash bytea NOT NULL UNIQUE CHECK (octet_length(key_hash) = 32),
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz,
  revoked_at timestamptz,
  CHECK ((vendor_id IS NULL) <> (user_id IS NULL))
);
CREATE INDEX api_keys_vendor ON api_keys (vendor_id);
CREATE INDEX api_keys_user ON api_keys (user_id);

-- Visitors that became a user (SPEC §3/§4 visitor.userId): what each did was merged into the user
-- at sign-in, and a visitor id already merged is never merged into another user.
CREATE TABLE user_visitors (
  visitor_id text PRIMARY KEY CHECK (char_length(visitor_id) BETWEEN 8 AND 64),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  merged_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX user_visitors_user ON user_visitors (user_id);
