-- Visits and taps, counted per day, page, language and event (docs/worker.md, "Counts"). Nothing
-- here tells one visitor from another: no address, no browser, no time finer than the day.
CREATE TABLE counts (
  day TEXT NOT NULL,                -- the day in India (UTC+5:30), YYYY-MM-DD
  page TEXT NOT NULL,               -- the page's address, e.g. /ml/services/
  language TEXT NOT NULL,           -- the page's language: en, ml
  event TEXT NOT NULL,              -- view, quote-sent, quote-failed, rescued-whatsapp, rescued-call, call, whatsapp, service, language
  detail TEXT NOT NULL DEFAULT '',  -- the service chosen or the language switched to; empty for the others
  count INTEGER NOT NULL,
  PRIMARY KEY (day, page, language, event, detail)
) WITHOUT ROWID;
