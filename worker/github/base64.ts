/** Plain base64 both ways, for file contents: GitHub sends blobs in it, and takes additions in it. */

export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  // In slices: String.fromCharCode with a whole file's bytes would overflow the call stack.
  for (let start = 0; start < bytes.length; start += 0x8000) binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  return btoa(binary);
}

/** GitHub breaks its base64 into lines of 60; the breaks are not part of it. */
export function fromBase64(text: string): Uint8Array {
  const binary = atob(text.replace(/\s+/g, ''));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}
