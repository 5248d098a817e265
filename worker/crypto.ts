/** Random secrets and their stored form: only a SHA-256 hash of a secret is ever written to D1. */

const encoder = new TextEncoder();

export function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** 32 random bytes: a session token, a CSRF token, a ceremony id. */
export function randomToken(): string {
  return base64url(crypto.getRandomValues(new Uint8Array(32)));
}

export async function sha256(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(text)));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Letters and digits a person reads off one screen and types on another without mixing up (no 0/O, 1/I/L). */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** An invitation code such as "K7PM-3XQA": 40 bits, enough for a code that lives 15 minutes and is tried through a Worker. */
export function readableCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  const letters = Array.from(bytes, (byte) => CODE_ALPHABET[byte % CODE_ALPHABET.length]).join('');
  return `${letters.slice(0, 4)}-${letters.slice(4)}`;
}

/** How a typed code is compared: case, spaces and dashes do not matter. */
export function normaliseCode(code: string): string {
  return code.toUpperCase().replace(/[\s-]+/g, '');
}
