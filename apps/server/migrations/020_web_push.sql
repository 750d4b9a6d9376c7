-- Web push (issue 15): each site signs its pushes with its own VAPID key pair (RFC 8292), made
-- once and kept here; the public key is the settings' push_public_key, the private key never
-- leaves the server.
CREATE TABLE site_push_keys (
  site_id      integer PRIMARY KEY REFERENCES sites (id) ON DELETE CASCADE,
  public_key   text NOT NULL CHECK (public_key ~ '^[A-Za-z0-9_-]{87}$'),
  private_key  text NOT NULL CHECK (private_key ~ '^[A-Za-z0-9_-]{43}$'),
  created_at   timestamptz NOT NULL DEFAULT now()
);

-- A browser's push subscription (one per device and browser profile; a member may have several).
-- An endpoint belongs to one member at a time: a member logging in on a browser another member
-- subscribed takes the endpoint over. Gone when the push service answers 404 or 410, when the
-- member unsubscribes, and when the member deletes the account.
CREATE TABLE push_subscriptions (
  id            bigserial PRIMARY KEY,
  user_id       uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  site_id       integer NOT NULL REFERENCES sites (id),
  endpoint      text NOT NULL UNIQUE,
  p256dh        text NOT NULL,
  auth          text NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  last_push_at  timestamptz
);
CREATE INDEX push_subscriptions_user ON push_subscriptions (user_id);

-- Which event went to which subscription: a push job that runs again (a retry after the push
-- service took it, a worker that died before finishing) sends nothing twice. Pruned after a week.
CREATE TABLE push_deliveries (
  subscription_id  bigint NOT NULL REFERENCES push_subscriptions (id) ON DELETE CASCADE,
  event_key        text NOT NULL,
  sent_at          timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (subscription_id, event_key)
);
CREATE INDEX push_deliveries_sent ON push_deliveries (sent_at);

-- A member who deletes the account (pending deletion, then erased) is pushed nothing more, on any
-- path that changes the status (the delete flow, the erasure, an operator): the subscriptions go.
CREATE FUNCTION push_forget_leaving_member() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM push_subscriptions WHERE user_id = NEW.id;
  RETURN NULL;
END;
$$;
CREATE TRIGGER users_forget_push AFTER UPDATE OF status ON users
  FOR EACH ROW WHEN (NEW.status IN ('pending_deletion', 'deleted') AND OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION push_forget_leaving_member();
