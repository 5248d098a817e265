-- Where the owner is with each kept quote request, set in /admin/'s inbox (docs/worker.md, "The
-- inbox"): new until the owner marks it contacted or done.
ALTER TABLE quote_requests ADD COLUMN handled TEXT NOT NULL DEFAULT 'new' CHECK (handled IN ('new', 'contacted', 'done'));
