import { execFileSync } from 'node:child_process';
import { rm, unlink } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { main } from '../../../../bin/cli.js';
import { captureIo } from '../../../helpers/content.js';
import { PHOTO_PLACES, TEST_PHOTOS, contentWithPhotos } from '../../../helpers/photos.js';

/** What the photo check says of a file that is not a photo in a photo's place. */
const made: string[] = [];
afterEach(async () => {
  await Promise.all(made.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('a photo that is not a plain file', () => {
  it('a pipe in a photo’s place is called a special file, not "a folder, not a photo" with a hint to name the photo inside it', async () => {
    const dir = await contentWithPhotos(PHOTO_PLACES.filter((place) => place.file === 'pages/home.yaml'));
    made.push(dir);
    const file = path.join(dir, 'content', TEST_PHOTOS.hero.file);
    await unlink(file);
    execFileSync('mkfifo', [file]);
    const io = captureIo(dir);
    expect(await main(['check'], io)).toBe(1);
    expect(io.stderr()).toMatch(
      /^content\/pages\/home\.yaml:\d+:10 {2}hero\.image\.src\n {2}content\/images\/truck\.jpg is a special file \(a pipe, a device or a socket\), not a photo\.$/m,
    );
    expect(io.stderr()).not.toContain('is a folder');
  }, 60_000);
});
