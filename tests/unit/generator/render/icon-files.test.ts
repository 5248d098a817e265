import { describe, expect, it } from 'vitest';
import { build } from '../../../../generator/build.js';
import { iconFiles } from '../../../../generator/render/icon-files.js';
import { SAMPLE_CONTENT } from '../../../helpers/content.js';

describe('the feature drawings', () => {
  it('are files in one folder named by a hash of them all, and the services pages show each from there', async () => {
    const result = await build({ contentDir: SAMPLE_CONTENT, now: new Date('2025-06-01T00:00:00Z') });
    const files = new Map(result.files.map((file) => [`/${file.path}`, String(file.contents)]));
    for (const page of ['/services/index.html', '/ml/services/index.html']) {
      const sources = [...files.get(page)!.matchAll(/<img class="feature-icon" src="([^"]+)"/g)].map((match) => match[1]!);
      expect(sources.length, page).toBe(result.site.services.flatMap((service) => service.keyFeatures).length);
      expect(new Set(sources.map((src) => src.replace(/[^/]+$/, ''))).size, page).toBe(1);
      for (const src of sources) {
        expect(src).toMatch(/^\/assets\/icons\/[0-9a-f]{10}\/[a-z-]+\.svg$/);
        expect(files.get(src), src).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*>.*<\/svg>$/s);
      }
    }
  });

  it('move to another folder when any drawing changes', async () => {
    const { site } = await build({ contentDir: SAMPLE_CONTENT, now: new Date('2025-06-01T00:00:00Z') });
    const folder = (s: typeof site) => iconFiles(s).files[0]!.path.replace(/[^/]+$/, '');
    const [first, ...rest] = site.services;
    const feature = first!.keyFeatures[0]!;
    const other = feature.icon === 'clock' ? 'lock' : 'clock';
    const changed = {
      ...site,
      services: [{ ...first!, keyFeatures: [{ ...feature, icon: other }, ...first!.keyFeatures.slice(1)] }, ...rest],
    } as typeof site;
    expect(folder(changed)).not.toBe(folder(site));
    expect(folder({ ...site })).toBe(folder(site));
  });
});
