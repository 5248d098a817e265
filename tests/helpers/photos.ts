import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseDocument } from 'yaml';
import { drawPhoto, GPS_EXIF } from '../../bench/photos.js';
import { contentWithFixture } from './content.js';

/**
 * The photos the photo tests put into a copy of the sample content, drawn by bench/photos.js
 * (a camera-like scene with sensor noise, so encoders see a typical photo, not a flat drawing).
 */
export const TEST_PHOTOS = {
  /** A phone photo as it leaves the phone: 2400×1600 with its GPS position and camera in EXIF. */
  hero: { file: 'images/truck.jpg', width: 2400, height: 1600, seed: 1, exif: GPS_EXIF },
  /** Stored 1600×2000 but tagged "turn 90° clockwise", as phones save a photo taken on its side: shown 2000×1600. */
  story: { file: 'images/team.jpg', width: 1600, height: 2000, seed: 2, orientation: 6 },
  /** A photo only 700 px wide: too small for a slot that needs 1280. */
  small: { file: 'images/boxes.jpg', width: 700, height: 525, seed: 3 },
  /** A square portrait for a review. */
  face: { file: 'images/anjali.jpg', width: 400, height: 400, seed: 4 },
} as const;

export type TestPhoto = keyof typeof TEST_PHOTOS;

const drawn = new Map<TestPhoto, Promise<Buffer>>();

/** The bytes of a test photo, drawn once per test file. */
export function testPhoto(name: TestPhoto): Promise<Buffer> {
  const found = drawn.get(name) ?? drawPhoto(TEST_PHOTOS[name]);
  drawn.set(name, found);
  return found;
}

/** Where each photo goes in the content, as an operator would write it. */
export const PHOTO_PLACES = [
  {
    file: 'pages/home.yaml',
    path: ['hero', 'image'],
    photo: 'hero',
    alt: 'Our blue truck loaded with boxes on a country road',
    altMl: 'പെട്ടികൾ നിറച്ച ഞങ്ങളുടെ നീല ട്രക്ക് ഒരു നാട്ടുവഴിയിൽ',
  },
  {
    file: 'pages/about.yaml',
    path: ['story', 'image'],
    photo: 'story',
    alt: 'The packing crew outside our Kochi office',
    altMl: 'കൊച്ചി ഓഫീസിന് മുന്നിൽ ഞങ്ങളുടെ പാക്കിംഗ് ടീം',
  },
  {
    file: 'services.yaml',
    path: ['services', 0, 'image'],
    photo: 'hero',
    alt: 'A truck packed for a house move',
    altMl: 'വീട് ഷിഫ്റ്റിംഗിനായി സാധനങ്ങൾ കയറ്റിയ ട്രക്ക്',
  },
  {
    file: 'services.yaml',
    path: ['services', 1, 'image'],
    photo: 'small',
    alt: 'Office boxes stacked and labelled',
    altMl: 'ലേബൽ ചെയ്ത് അടുക്കിവെച്ച ഓഫീസ് പെട്ടികൾ',
  },
  { file: 'testimonials.yaml', path: ['testimonials', 0, 'photo'], photo: 'face', alt: 'Anjali Menon', altMl: 'അഞ്ജലി മേനോൻ' },
] as const satisfies readonly { file: string; path: readonly (string | number)[]; photo: TestPhoto; alt: string; altMl: string }[];

/**
 * A temporary project holding the sample content with photos: the files in content/images/
 * and `image:`/`photo:` blocks added to the YAML (through the document, so comments stay).
 * `places` picks which of PHOTO_PLACES to fill (all by default). Returns the project folder.
 */
export async function contentWithPhotos(places: readonly (typeof PHOTO_PLACES)[number][] = PHOTO_PLACES): Promise<string> {
  const dir = await contentWithFixture();
  const content = path.join(dir, 'content');
  await mkdir(path.join(content, 'images'), { recursive: true });
  for (const place of places) {
    const { file } = TEST_PHOTOS[place.photo];
    await writeFile(path.join(content, file), await testPhoto(place.photo));
    const yamlFile = path.join(content, place.file);
    const doc = parseDocument(await readFile(yamlFile, 'utf8'));
    doc.setIn([...place.path], doc.createNode({ src: file, alt: place.alt }));
    await writeFile(yamlFile, String(doc));
    // The Malayalam pages read the photo's description in Malayalam; the file is named once, in English.
    const translation = path.join(content, 'ml', place.file);
    const ml = parseDocument(await readFile(translation, 'utf8'));
    ml.setIn([...place.path], ml.createNode({ alt: place.altMl }));
    await writeFile(translation, String(ml));
  }
  return dir;
}
