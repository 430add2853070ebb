-- The lease rule (issue 17 item 4; docs/architecture.md, "The lease rule"): a paired device's
-- lease is now the account's one stream, which the device asks for and gives back, so pairing no
-- longer starts one and a paired device may hold none. A lease still needs a paired device.
ALTER TABLE devices DROP CONSTRAINT devices_check2;
ALTER TABLE devices ADD CONSTRAINT devices_lease_needs_pairing CHECK (lease_expires_at IS NULL OR paired_at IS NOT NULL);
