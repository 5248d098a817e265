/** The App's JWT as GitHub checks it: RS256 under the App's public key, issued by the App, at most 10 minutes long. */
import { createPublicKey, verify, type KeyObject } from 'node:crypto';

/** Why the JWT is refused, or undefined when GitHub would take it. */
export function jwtRefusal(jwt: string, appId: number, publicKey: KeyObject | string, now = Date.now()): string | undefined {
  const parts = jwt.split('.');
  if (parts.length !== 3) return 'A JSON web token could not be decoded';
  const [header, payload, signature] = parts as [string, string, string];
  let head: { alg?: string };
  let claims: { iat?: unknown; exp?: unknown; iss?: unknown };
  try {
    head = JSON.parse(Buffer.from(header, 'base64url').toString('utf8'));
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return 'A JSON web token could not be decoded';
  }
  if (head.alg !== 'RS256') return `The JWT's alg is ${head.alg}, GitHub takes RS256`;
  const key = typeof publicKey === 'string' ? createPublicKey(publicKey) : publicKey;
  if (!verify('RSA-SHA256', Buffer.from(`${header}.${payload}`), key, Buffer.from(signature, 'base64url')))
    return 'A JSON web token could not be decoded';
  const seconds = Math.floor(now / 1000);
  if (String(claims.iss) !== String(appId)) return `'Issuer' claim ('iss') must be the App's id, ${appId}`;
  if (typeof claims.iat !== 'number' || claims.iat > seconds)
    return "'Issued at' claim ('iat') must be an Integer representing a time in the past.";
  if (typeof claims.exp !== 'number' || claims.exp <= seconds)
    return "'Expiration time' claim ('exp') must be a numeric value representing the future time at which the assertion expires.";
  if (claims.exp - claims.iat > 600) return "'Expiration time' claim ('exp') is too far in the future";
  return undefined;
}
