-- The site's GitHub App when the owner made it from /admin/github/ with GitHub's manifest flow
-- (docs/worker.md, "The company's repository through a GitHub App"). One row at most: connecting
-- again replaces it. The private key stays here and in the Worker's memory; no answer carries it.
CREATE TABLE github_app (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  app_id TEXT NOT NULL,
  slug TEXT NOT NULL,
  private_key TEXT NOT NULL,
  made_at INTEGER NOT NULL
);

-- A connection started from a signed-in phone: the hash of the state sent to GitHub, the hash of
-- the session that started it, and when it runs out (GitHub's code lives one hour). Used once.
CREATE TABLE github_app_starts (
  state_hash TEXT PRIMARY KEY,
  session_hash TEXT NOT NULL,
  expires_at INTEGER NOT NULL
);
