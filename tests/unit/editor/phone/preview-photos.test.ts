import { describe, expect, it } from 'vitest';
import { liveLogo, livePictures, photoStem } from '../../../../editor/phone/preview-photos.js';

/** A <picture> as templates/parts/Photo.tsx renders it on the live site (React writes srcSet; HTML reads any case). */
const PICTURE =
  '<picture class="service-photo"><source type="image/avif" srcset="/assets/photos/crew-van-320.aaaaaaaaaa.avif 320w, /assets/photos/crew-van-640.bbbbbbbbbb.avif 640w" sizes="32rem"/>' +
  '<source type="image/webp" srcset="/assets/photos/crew-van-320.cccccccccc.webp 320w" sizes="32rem"/>' +
  '<img src="/assets/photos/crew-van-640.dddddddddd.jpg" srcSet="/assets/photos/crew-van-320.eeeeeeeeee.jpg 320w, /assets/photos/crew-van-640.dddddddddd.jpg 640w" sizes="32rem" width="640" height="427" alt="Our crew" loading="lazy"/></picture>';

describe('the live page’s photos, for the phone’s preview', () => {
  it('names a photo as the build names its files', () => {
    expect(photoStem('images/Crew Van.JPG')).toBe('crew-van');
    expect(photoStem('images/---.jpg')).toBe('photo');
  });

  it('reads each <picture> the live page shows, by the photo’s name', () => {
    const found = livePictures(`<main>${PICTURE}<picture><img src="/elsewhere.png" alt=""/></picture></main>`);
    expect([...found.keys()]).toEqual(['crew-van']);
    expect(found.get('crew-van')).toEqual({
      avif: '/assets/photos/crew-van-320.aaaaaaaaaa.avif 320w, /assets/photos/crew-van-640.bbbbbbbbbb.avif 640w',
      webp: '/assets/photos/crew-van-320.cccccccccc.webp 320w',
      jpeg: '/assets/photos/crew-van-320.eeeeeeeeee.jpg 320w, /assets/photos/crew-van-640.dddddddddd.jpg 640w',
      src: '/assets/photos/crew-van-640.dddddddddd.jpg',
      width: 640,
      height: 427,
    });
  });

  it('reads the company’s logo from the header, and none where the header draws the mark', () => {
    expect(
      liveLogo('<a class="brand" href="/"><img class="logo-mark" src="/assets/logo.0123456789.png" width="72" height="36" alt=""/></a>'),
    ).toEqual({
      src: '/assets/logo.0123456789.png',
      aspect: 2,
    });
    expect(liveLogo('<a class="brand" href="/"><svg class="logo-mark" viewBox="0 0 32 32"></svg></a>')).toBeUndefined();
  });
});
