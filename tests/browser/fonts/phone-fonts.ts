/**
 * The fonts a phone has, for the test browsers: the system's own plus Noto Sans Malayalam, which
 * every Android phone and iPhone carries and our test machines lack. Without it a Malayalam word
 * is drawn as narrow empty boxes, and a header that breaks on every phone would pass.
 *
 * The font is the site's own (@fontsource/noto-sans-malayalam), whose files are WOFF; Chromium
 * reads only plain TrueType from the system, so each is unpacked once into a cache folder, with a
 * fontconfig file naming that folder. Start a browser with FONTCONFIG_FILE set to what this returns.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { inflateSync } from 'node:zlib';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const FILES = path.join(ROOT, 'node_modules/@fontsource/noto-sans-malayalam/files');
const CACHE = path.join(ROOT, 'node_modules/.cache/phone-fonts');
const WEIGHTS = [400, 700];

export function phoneFontConfig(): string {
  const config = path.join(CACHE, 'fonts.conf');
  if (existsSync(config)) return config;
  mkdirSync(CACHE, { recursive: true });
  for (const weight of WEIGHTS) {
    const woff = readFileSync(path.join(FILES, `noto-sans-malayalam-malayalam-${weight}-normal.woff`));
    writeFileSync(path.join(CACHE, `NotoSansMalayalam-${weight}.ttf`), woffToTrueType(woff));
  }
  writeFileSync(
    config,
    `<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
<fontconfig>
  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>
  <dir>${CACHE}</dir>
  <cachedir>${path.join(CACHE, 'fontconfig')}</cachedir>
</fontconfig>
`,
  );
  return config;
}

/**
 * A WOFF 1.0 file as the TrueType file it wraps (W3C WOFF 1.0, sections 3-5): a 44-byte header,
 * then per table its tag, offset, compressed and original length and checksum; a table whose
 * compressed length is below its original length is zlib-compressed.
 */
export function woffToTrueType(woff: Buffer): Buffer {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') throw new Error('Not a WOFF file');
  const flavor = woff.readUInt32BE(4);
  const count = woff.readUInt16BE(12);
  const tables = Array.from({ length: count }, (_, i) => {
    const at = 44 + i * 20;
    const offset = woff.readUInt32BE(at + 4);
    const compressed = woff.readUInt32BE(at + 8);
    const length = woff.readUInt32BE(at + 12);
    const stored = woff.subarray(offset, offset + compressed);
    return { tag: woff.subarray(at, at + 4), checksum: woff.readUInt32BE(at + 16), data: compressed < length ? inflateSync(stored) : stored };
  });
  const power = 2 ** Math.floor(Math.log2(count));
  const head = Buffer.alloc(12 + 16 * count);
  head.writeUInt32BE(flavor, 0);
  head.writeUInt16BE(count, 4);
  head.writeUInt16BE(power * 16, 6);
  head.writeUInt16BE(Math.log2(power), 8);
  head.writeUInt16BE(count * 16 - power * 16, 10);
  const parts: Buffer[] = [head];
  let offset = head.length;
  tables.forEach((table, i) => {
    const record = 12 + i * 16;
    table.tag.copy(head, record);
    head.writeUInt32BE(table.checksum, record + 4);
    head.writeUInt32BE(offset, record + 8);
    head.writeUInt32BE(table.data.length, record + 12);
    const padded = Buffer.alloc(Math.ceil(table.data.length / 4) * 4);
    table.data.copy(padded);
    parts.push(padded);
    offset += padded.length;
  });
  return Buffer.concat(parts);
}
