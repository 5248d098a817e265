/** axe-core over a page as it is now, failing with one readable paragraph per violation. */
import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * axe runs once, in the page, and looks into no frame: the site's only frame is the map (a
 * third-party page, which the tests answer with a stand-in), the editor's only one its preview (the
 * site, checked page by page); the frame element itself is still checked. The default way, a
 * partial run in every frame finished in a new blank page, takes two to four times as long.
 * Only violations are collected: the tests assert on nothing else, and gathering every passing
 * node costs a third more. `scope` narrows what is checked.
 */
export async function expectNoAxeViolations(page: Page, scope: (builder: AxeBuilder) => AxeBuilder = (builder) => builder): Promise<void> {
  const builder = new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'], iframes: false });
  const results = await scope(builder).analyze();
  const readable = results.violations.map((violation) =>
    [
      `${violation.id} (${violation.impact ?? 'unknown impact'}): ${violation.help}`,
      `  ${violation.helpUrl}`,
      ...violation.nodes.map((node) => `  at ${node.target.join(' ')}\n    ${(node.failureSummary ?? '').replace(/\n/g, '\n    ')}`),
    ].join('\n'),
  );
  expect(readable, `axe found ${readable.length} violation(s) on ${page.url()}:\n\n${readable.join('\n\n')}`).toEqual([]);
}
