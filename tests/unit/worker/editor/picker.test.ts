/**
 * What the phone's photo picker lists, from the Worker in workerd against the GitHub stand-in:
 * the photos of content/images/ in the repository at the head the owner started from, named as a
 * photo field names them, with the list of content files the phone reads already.
 */
import { expect, it } from 'vitest';
import { editorHarnessForFile } from './editor-worker.js';

const harness = editorHarnessForFile();

const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xd9]);

it('names the photos of content/images/ at the head the owner started from, and none added after it', async () => {
  const { call, standin, seed } = harness();
  const start = await standin.push(seed, 'The site as it starts');
  const photos = new Map(
    [
      'content/images/van.jpg',
      'content/images/Crew Van.JPG',
      'content/images/logo.png',
      'content/images/notes.txt',
      'content/images/old/truck.jpg',
    ].map((file) => [file, JPEG] as const),
  );
  const withPhotos = await standin.git.commitFiles('main', start, 'Photos of the crew and the van', photos, []);
  if (!withPhotos) throw new Error('the branch moved while the photos were pushed');
  await standin.git.commitFiles('main', withPhotos, 'A photo added meanwhile', new Map([['content/images/later.jpg', JPEG]]), []);

  const answer = await call('files', { head: withPhotos });
  expect(answer.status).toBe(200);
  const body = (await answer.json()) as { head: string; images: string[] };
  expect(body.head).toBe(withPhotos);
  // A photo the site can show, in the folder itself (site dev's picker lists the same); not a note or a subfolder's.
  expect(body.images).toEqual(['images/Crew Van.JPG', 'images/logo.png', 'images/van.jpg']);

  const before = (await (await call('files', { head: start })).json()) as { images: string[] };
  expect(before.images).toEqual([]);
});
