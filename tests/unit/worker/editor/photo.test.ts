/**
 * Photos Publish sends from the phone: the Worker takes a JPEG only, and drops its camera notes
 * (EXIF, where a phone writes where the photo was taken), keeping the picture as it was.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { readPhotos, withoutCameraNotes } from '../../../../worker/editor/photo.js';
import { hasGps, photoWithLocation } from './camera-photo.js';

describe('withoutCameraNotes', () => {
  it('drops the EXIF with the location and keeps the picture', async () => {
    const photo = await photoWithLocation(640, 480);
    expect(hasGps((await sharp(photo).metadata()).exif)).toBe(true);
    const clean = withoutCameraNotes(photo);
    const after = await sharp(clean).metadata();
    expect(after.exif).toBeUndefined();
    expect([after.width, after.height]).toEqual([640, 480]);
    const [before, now] = await Promise.all([sharp(photo).raw().toBuffer(), sharp(Buffer.from(clean)).raw().toBuffer()]);
    expect(now.equals(before)).toBe(true);
  });
});

describe('readPhotos', () => {
  it('takes JPEGs named as the phone names them, and refuses anything else', async () => {
    const photo = (await photoWithLocation(64, 48)).toString('base64');
    expect(readPhotos({ 'crew.jpg': photo })?.get('crew.jpg')?.[0]).toBe(0xff);
    expect(readPhotos({ '../site.yaml': photo })).toBeUndefined();
    expect(readPhotos({ 'crew.jpg': Buffer.from('services: []\n').toString('base64') })).toBeUndefined();
    expect(readPhotos(['crew.jpg'])).toBeUndefined();
    expect(readPhotos(undefined)?.size).toBe(0);
  });
});
