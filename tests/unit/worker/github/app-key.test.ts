/**
 * The GitHub App's key and JWT: a key as GitHub hands it out (PKCS#1) and as openssl converts it
 * (PKCS#8) both sign, and the JWT's times are inside GitHub's limits.
 */
import { generateKeyPairSync, verify } from 'node:crypto';
import { expect, it } from 'vitest';
import { appJwt } from '../../../../worker/github/app-jwt.js';
import { importAppKey } from '../../../../worker/github/app-key.js';

const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });

for (const type of ['pkcs1', 'pkcs8'] as const) {
  it(`signs an RS256 JWT that the App's public key verifies, from a ${type} PEM`, async () => {
    const key = await importAppKey(privateKey.export({ type, format: 'pem' }) as string);
    const now = Date.UTC(2026, 10, 28, 3, 0, 0);
    const [header, payload, signature] = (await appJwt('31337', key!, now)).split('.') as [string, string, string];
    expect(verify('RSA-SHA256', Buffer.from(`${header}.${payload}`), publicKey, Buffer.from(signature, 'base64url'))).toBe(true);
    expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toEqual({ alg: 'RS256', typ: 'JWT' });
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    expect(claims).toEqual({ iss: '31337', iat: now / 1000 - 60, exp: now / 1000 + 540 });
    expect(claims.exp - claims.iat).toBeLessThanOrEqual(600);
  });
}

it('reads a key pasted on one line with its line breaks written as \\n', async () => {
  const pem = (privateKey.export({ type: 'pkcs1', format: 'pem' }) as string).replace(/\n/g, '\\n');
  expect(await importAppKey(pem)).toBeDefined();
});

it('answers undefined for text that is not an RSA private key', async () => {
  expect(await importAppKey(publicKey.export({ type: 'spki', format: 'pem' }) as string)).toBeUndefined();
  expect(await importAppKey('-----BEGIN RSA PRIVATE KEY-----\nbm90IGEga2V5\n-----END RSA PRIVATE KEY-----\n')).toBeUndefined();
});
