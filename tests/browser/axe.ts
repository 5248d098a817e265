/** axe-core over a page as it is now, failing with one readable paragraph per violation. */
import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Only violations are collected: gathering every passing and undecided node as well costs about
 * a third more, and the tests assert on violations alone. `scope` narrows or widens what is
 * checked (the editor leaves out its preview frame, which is the site that is checked page by page).
 */
export async function expectNoAxeViolations(page: Page, scope: (builder: AxeBuilder) => AxeBuilder = (builder) => builder): Promise<void> {
  const results = await scope(new AxeBuilder({ page }).options({ resultTypes: ['violations'] })).analyze();
  const readable = results.violations.map((violation) =>
    [
      `${violation.id} (${violation.impact ?? 'unknown impact'}): ${violation.help}`,
      `  ${violation.helpUrl}`,
      ...violation.nodes.map((node) => `  at ${node.target.join(' ')}\n    ${(node.failureSummary ?? '').replace(/\n/g, '\n    ')}`),
    ].join('\n'),
  );
  expect(readable, `axe found ${readable.length} violation(s) on ${page.url()}:\n\n${readable.join('\n\n')}`).toEqual([]);
}
