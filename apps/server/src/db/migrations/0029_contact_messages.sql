-- Messages sent through the contact form (issue 17 item 5; POST /v1/contact, modules/contact):
-- kept for the admins, who mark them handled in the console, and mailed to CONTACT_EMAIL.
-- Messages the spam checks drop (honeypot filled, sent too fast) are never stored.
CREATE TABLE contact_messages (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
  email text NOT NULL CHECK (char_length(email) BETWEEN 3 AND 254),
  subject text NOT NULL CHECK (char_length(subject) BETWEEN 3 AND 150),
  message text NOT NULL CHECK (char_length(message) BETWEEN 10 AND 5000),
  -- The signed-in reader who sent it; kept when the account goes (the message stays an admin's record).
  user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  -- The address it came from, as the server saw it (TRUST_PROXY decides which hop).
  ip text CHECK (char_length(ip) <= 64),
  created_at timestamptz NOT NULL DEFAULT now(),
  -- When the mail to CONTACT_EMAIL was handed over; null when the mailer failed (the log says why).
  mailed_at timestamptz,
  -- When an admin marked it handled; null while it waits.
  handled_at timestamptz
);
-- The admins' list: newest first, all or only the unhandled ones.
CREATE INDEX contact_messages_created ON contact_messages (created_at DESC, id DESC);
CREATE INDEX contact_messages_unhandled ON contact_messages (created_at DESC, id DESC) WHERE handled_at IS NULL;
