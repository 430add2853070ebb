-- Subscriptions and card payments (issue 17 item 2; docs/architecture.md, "Subscriptions and
-- payments"). status is SPEC §3's subscription status: 0 active, 1 expired, 2 disabled,
-- 3 cancelled, 4 billing error. Every change of a subscription comes from a payment event (a
-- Stripe webhook, or the built-in test provider's own), applied once by its id
-- (modules/subscriptions/subscription-service.ts, applyPaymentEvent).

-- The price table admins edit: a price a month and a year per country, in the currency's minor
-- unit. The 'default' row answers every country the table does not name; it is always there.
CREATE TABLE subscription_prices (
  country_code text PRIMARY KEY CHECK (country_code = 'default' OR country_code ~ '^[A-Z]{2}$'),
  currency text NOT NULL CHECK (currency ~ '^[a-z]{3}$'),
  month_amount integer NOT NULL CHECK (month_amount > 0),
  year_amount integer NOT NULL CHECK (year_amount > 0),
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO subscription_prices (country_code, currency, month_amount, year_amount) VALUES
  ('default', 'usd', 499, 4990),
  ('US', 'usd', 499, 4990),
  ('GB', 'gbp', 399, 3990),
  ('DE', 'eur', 449, 4490),
  ('FR', 'eur', 449, 4490),
  ('ES', 'eur', 449, 4490),
  ('IT', 'eur', 449, 4490),
  ('NL', 'eur', 449, 4490),
  ('SE', 'sek', 4900, 49000);

CREATE TABLE subscriptions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  provider text NOT NULL CHECK (provider IN ('stripe', 'test')),
  -- The provider's own ids: Stripe's sub_… and cus_…, or the test provider's.
  provider_subscription_id text NOT NULL,
  provider_customer_id text,
  status smallint NOT NULL CHECK (status IN (0, 1, 2, 3, 4)),
  interval text NOT NULL CHECK (interval IN ('month', 'year')),
  currency text NOT NULL,
  amount integer NOT NULL,
  current_period_end timestamptz NOT NULL,
  cancel_at_period_end boolean NOT NULL DEFAULT false,
  cancelled_at timestamptz,
  -- When the provider made the last event applied: an older one, arriving late, changes nothing.
  last_event_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (provider, provider_subscription_id)
);
CREATE INDEX subscriptions_user ON subscriptions (user_id, created_at DESC);

-- Every payment event applied, by the provider's event id: a replayed webhook finds its id here
-- and changes nothing.
CREATE TABLE payment_events (
  provider text NOT NULL,
  event_id text NOT NULL,
  type text NOT NULL,
  subscription_id uuid REFERENCES subscriptions (id) ON DELETE SET NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider, event_id)
);

-- The built-in test provider's checkout sessions (Stripe keeps its own).
CREATE TABLE test_checkout_sessions (
  id text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  interval text NOT NULL CHECK (interval IN ('month', 'year')),
  currency text NOT NULL,
  amount integer NOT NULL,
  success_url text NOT NULL,
  cancel_url text NOT NULL,
  completed_at timestamptz,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX test_checkout_sessions_user ON test_checkout_sessions (user_id);
