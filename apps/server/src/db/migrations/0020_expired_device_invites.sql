-- Expired device invites (migration 0004: a screen's pending pairing code nobody used) are deleted
-- by a background job an hour after they expire (modules/devices/device-jobs.ts): each holds a
-- secret's hash and the screen's description, and nothing will ever use it again. The admin's
-- device-invites count (SPEC §7) counts every invite ever made, so the job tallies what it
-- deletes here, in the statement that deletes it, by the day (UTC) it ran.
CREATE TABLE expired_device_invites_deleted (
  day date PRIMARY KEY,
  invites bigint NOT NULL CHECK (invites > 0)
);

-- The job's search: invites not paired nor removed, by expiry. Paired devices are not in it.
CREATE INDEX devices_unpaired_expiry ON devices (expires_at) WHERE owner_actor_id IS NULL AND removed_at IS NULL;
