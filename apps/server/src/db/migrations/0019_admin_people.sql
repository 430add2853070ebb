-- The admin console's people (SPEC §7 Admin: users, admin roles, vendors, vendor users, API keys).

-- A vendor is told apart by its name in the console and in its users' memberships: one name, one
-- vendor, without regard to case (a second one is refused with 409).
CREATE UNIQUE INDEX vendors_name_key ON vendors (lower(name));

-- GET /v1/admin/users?q= finds users by any part of the email address or the name (ILIKE).
CREATE INDEX users_email_trgm ON users USING gin (email gin_trgm_ops);
CREATE INDEX users_name_trgm ON users USING gin (name gin_trgm_ops);
