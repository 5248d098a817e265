import { describe, expect, it } from 'vitest';
import { liveLogo } from '../../../../editor/phone/preview-photos.js';

describe('the live page’s logo, for the phone’s preview', () => {
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
