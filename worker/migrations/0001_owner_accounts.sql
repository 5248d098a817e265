-- The owner's sign-in: passkeys (one a device), sessions, and the codes that let a device join.
-- Secrets (session tokens, set-up and invitation codes, ceremony cookies) are stored only as
-- SHA-256 hashes, so a copy of the database signs no one in. Times are milliseconds since 1970.

CREATE TABLE passkeys (
  id TEXT PRIMARY KEY,                     -- the credential id, base64url, as the browser gives it
  public_key BLOB NOT NULL,                -- COSE public key
  counter INTEGER NOT NULL DEFAULT 0,      -- the authenticator's signature counter (0 for most phones)
  transports TEXT NOT NULL DEFAULT '[]',   -- JSON array: internal, hybrid, usb...
  name TEXT NOT NULL,                      -- what the owner called the device
  created_at INTEGER NOT NULL
);

CREATE TABLE sessions (
  token_hash TEXT PRIMARY KEY,
  csrf_token TEXT NOT NULL,                -- sent back with every write in a header
  passkey_id TEXT NOT NULL REFERENCES passkeys(id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL              -- moved forward on use (sliding), never past created_at + the cap
);
CREATE INDEX sessions_by_passkey ON sessions(passkey_id);

-- A set-up code makes the first passkey once; its hash stays here so it never works again.
CREATE TABLE used_setup_codes (
  code_hash TEXT PRIMARY KEY,
  used_at INTEGER NOT NULL
);

-- A short-lived code a signed-in device shows so another device can add its own passkey.
CREATE TABLE invitations (
  code_hash TEXT PRIMARY KEY,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
);

-- A WebAuthn ceremony in progress: its challenge, and for a new passkey the device's name and
-- the code that allowed it, checked again when the passkey comes back.
CREATE TABLE ceremonies (
  id_hash TEXT PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('register', 'signin')),
  challenge TEXT NOT NULL,
  device_name TEXT,
  code_hash TEXT,
  code_kind TEXT CHECK (code_kind IN ('setup', 'invitation')),
  expires_at INTEGER NOT NULL
);
