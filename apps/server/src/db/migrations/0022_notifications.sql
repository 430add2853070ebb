-- Scheduled notifications (issue 15; docs/architecture.md, "Scheduled notifications"): written in
-- the admin console, delivered at send_at to their audience's in-app inbox and, for readers with
-- the bulletin setting on, by mail. status is SPEC §3's notification delivery status:
-- 0 queued, 1 pending review, 2 delivered, 3 error; modules/notifications/notification-lifecycle.ts
-- is the only place that decides how it moves.
CREATE TABLE notifications (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  title text NOT NULL CHECK (char_length(title) BETWEEN 1 AND 120),
  body text NOT NULL CHECK (char_length(body) BETWEEN 1 AND 1000),
  link text CHECK (char_length(link) <= 2000),
  audience text NOT NULL CHECK (audience IN ('everyone', 'regions', 'categories', 'users')),
  region_ids integer[] NOT NULL DEFAULT '{}',
  category_ids uuid[] NOT NULL DEFAULT '{}',
  user_ids uuid[] NOT NULL DEFAULT '{}',
  send_at timestamptz NOT NULL,
  status smallint NOT NULL CHECK (status IN (0, 1, 2, 3)),
  -- Why the last delivery attempt failed (kept while it is retried; the reason once in error).
  error text,
  attempts integer NOT NULL DEFAULT 0,
  -- A delivery under way holds the notification until then; another worker skips it meanwhile,
  -- and takes it over if the one delivering stopped.
  claimed_until timestamptz,
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  approved_by uuid REFERENCES users (id) ON DELETE SET NULL,
  delivered_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT notifications_delivered_has_time CHECK (status <> 2 OR delivered_at IS NOT NULL),
  CONSTRAINT notifications_error_has_reason CHECK (status <> 3 OR error IS NOT NULL)
);
-- The queued notifications whose time has come, for the delivery job.
CREATE INDEX notifications_due ON notifications (send_at) WHERE status = 0;
CREATE INDEX notifications_send_at ON notifications (send_at DESC, id DESC);

-- Each recipient's inbox: one row per notification delivered to them. The primary key makes a
-- retried delivery add no one twice; mailed_at makes it mail no one twice.
CREATE TABLE notification_recipients (
  notification_id uuid NOT NULL REFERENCES notifications (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  delivered_at timestamptz NOT NULL DEFAULT now(),
  read_at timestamptz,
  mailed_at timestamptz,
  PRIMARY KEY (notification_id, user_id)
);
-- The inbox, newest first, and its unread count.
CREATE INDEX notification_recipients_inbox ON notification_recipients (user_id, delivered_at DESC, notification_id);
CREATE INDEX notification_recipients_unread ON notification_recipients (user_id) WHERE read_at IS NULL;
