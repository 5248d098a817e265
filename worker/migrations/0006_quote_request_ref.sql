-- The mark the page's script gives one quote request (a short random word, new for each request a
-- visitor sends): a request sent again because its answer was lost on the way carries the same
-- mark, and is kept and sent on once (docs/worker.md, "Quote requests").
ALTER TABLE quote_requests ADD COLUMN request_ref TEXT;
CREATE INDEX quote_requests_by_ref ON quote_requests(request_ref);
