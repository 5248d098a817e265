/**
 * The GitHub App's private key as WebCrypto wants it. GitHub hands out PKCS#1 PEM ("BEGIN RSA
 * PRIVATE KEY"), WebCrypto imports only PKCS#8 ("BEGIN PRIVATE KEY"), so a PKCS#1 key is wrapped in
 * the PKCS#8 envelope here and both forms work as the secret.
 */

const RSA_ENCRYPTION = [0x30, 0x0d, 0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01, 0x05, 0x00];

function derLength(length: number): number[] {
  if (length < 0x80) return [length];
  const bytes: number[] = [];
  for (let rest = length; rest > 0; rest >>= 8) bytes.unshift(rest & 0xff);
  return [0x80 | bytes.length, ...bytes];
}

function derElement(tag: number, content: ArrayLike<number>): Uint8Array<ArrayBuffer> {
  const head = [tag, ...derLength(content.length)];
  const out = new Uint8Array(head.length + content.length);
  out.set(head);
  out.set(content as Uint8Array, head.length);
  return out;
}

/** PrivateKeyInfo { version 0, rsaEncryption, OCTET STRING pkcs1 } (RFC 5208). */
function pkcs1ToPkcs8(pkcs1: Uint8Array): Uint8Array<ArrayBuffer> {
  const octets = derElement(0x04, pkcs1);
  return derElement(0x30, [0x02, 0x01, 0x00, ...RSA_ENCRYPTION, ...octets]);
}

function pemBody(pem: string, label: string): Uint8Array<ArrayBuffer> | undefined {
  const match = new RegExp(`-----BEGIN ${label}-----([^-]+)-----END ${label}-----`).exec(pem);
  if (!match) return undefined;
  const binary = atob(match[1]!.replace(/\s+/g, ''));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/**
 * The key for RS256 signatures, from either PEM form. A secret pasted with "\n" written out (as some
 * dashboards keep one line) is read as real line breaks. Undefined when the text holds no RSA key.
 */
export async function importAppKey(pem: string): Promise<CryptoKey | undefined> {
  const text = pem.replace(/\\n/g, '\n');
  const pkcs1 = pemBody(text, 'RSA PRIVATE KEY');
  const pkcs8 = pkcs1 ? pkcs1ToPkcs8(pkcs1) : pemBody(text, 'PRIVATE KEY');
  if (!pkcs8) return undefined;
  try {
    return await crypto.subtle.importKey('pkcs8', pkcs8, { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' }, false, ['sign']);
  } catch {
    return undefined;
  }
}
