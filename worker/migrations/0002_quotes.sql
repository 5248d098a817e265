-- Quote requests from the site's form: each is kept here before it is sent on to the form relay,
-- so a relay that is down or refuses loses nothing; the scheduled run tries again until it takes
-- it. Times are milliseconds since 1970.

CREATE TABLE quote_requests (
  id TEXT PRIMARY KEY,
  received_at INTEGER NOT NULL,
  page TEXT NOT NULL,                      -- the address of the page the form was on, sent to the relay as Referer
  language TEXT NOT NULL,                  -- that page's language: en, ml
  fields TEXT NOT NULL,                    -- JSON object: the fields as the relay receives them
  state TEXT NOT NULL CHECK (state IN ('waiting', 'delivered', 'refused')),
  attempts INTEGER NOT NULL DEFAULT 0,     -- how many times it was sent to the relay
  next_at INTEGER NOT NULL,                -- a waiting request is not sent again before this time
  delivered_at INTEGER,
  last_error TEXT                          -- why the last attempt failed, in plain words
);
CREATE INDEX quote_requests_due ON quote_requests(state, next_at);
CREATE INDEX quote_requests_by_age ON quote_requests(received_at);

-- Requests a visitor may send an hour: one row an address and hour, the address only as a hash
-- salted with that hour's own random salt. Both go 2 hours after the hour began, and with the
-- salt gone no hash can be matched to an address again.
CREATE TABLE quote_salts (
  hour INTEGER PRIMARY KEY,                -- hours since 1970
  salt TEXT NOT NULL
);
CREATE TABLE quote_senders (
  hour INTEGER NOT NULL,
  sender_hash TEXT NOT NULL,
  count INTEGER NOT NULL,
  PRIMARY KEY (hour, sender_hash)
);

-- Requests turned away, counted by day and reason; nothing of the request itself is kept.
CREATE TABLE quote_refusals (
  day TEXT NOT NULL,                       -- YYYY-MM-DD, UTC
  reason TEXT NOT NULL,                    -- honeypot, invalid, too-many, wrong-origin
  count INTEGER NOT NULL,
  PRIMARY KEY (day, reason)
);
