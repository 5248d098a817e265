/**
 * The GitHub App's own token: a JWT signed RS256 with the App's private key, which GitHub accepts
 * for the App's calls (finding the installation, asking for an installation token) and nothing else.
 */
import { base64url } from '../crypto.js';

const encoder = new TextEncoder();

const json64 = (value: unknown) => base64url(encoder.encode(JSON.stringify(value)));

/**
 * Issued 60 seconds in the past, so a GitHub clock a little behind the Worker's still accepts it;
 * it ends 9 minutes after now, inside GitHub's 10-minute limit with the same allowance.
 */
export async function appJwt(appId: string, key: CryptoKey, now: number): Promise<string> {
  const seconds = Math.floor(now / 1000);
  const unsigned = `${json64({ alg: 'RS256', typ: 'JWT' })}.${json64({ iat: seconds - 60, exp: seconds + 9 * 60, iss: appId })}`;
  const signature = await crypto.subtle.sign('RSASSA-PKCS1-v1_5', key, encoder.encode(unsigned));
  return `${unsigned}.${base64url(new Uint8Array(signature))}`;
}
