/**
 * The services list and the files that name its services: a renamed id is renamed where other
 * files name it, and the home page's service cards are brought in line with the list in one press.
 */
import { expect as baseExpect, test } from '../fixtures.js';
import { openFile, startEditorProject, type EditorProject } from '../editor-helpers.js';

// Each step waits for the server's check of the whole content (a second or more on a busy machine).
const expect = baseExpect.configure({ timeout: 20_000 });

let project: EditorProject;

test.describe.configure({ mode: 'serial', timeout: 90_000 });

test.beforeAll(async () => {
  project = await startEditorProject();
});

test.afterAll(async () => {
  await project?.close();
});

const saved = (page: import('@playwright/test').Page) => expect(page.getByRole('status').filter({ hasText: /^Saved at/ })).toBeVisible();

test('renaming the id packing to vehicles saved with “No problems found” and broke every page: the editor says what it renames, and the home page follows', async ({
  page,
}) => {
  await openFile(page, project, 'services.yaml');
  const id = page.locator('#field-services-2-id');
  await expect(id).toHaveValue('packing');
  await id.fill('vehicles');
  await expect(
    page.getByText(/^Saving renames the service id “packing” to “vehicles” here and where other files name it: content\/pages\/home\.yaml/),
  ).toBeVisible();
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.locator('.check-summary').scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`rename-${width}.png`) });
  }
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await saved(page);
  await expect(page.getByText(/Renamed the service id “packing” to “vehicles”/)).toBeVisible();
  expect(await project.read('pages/home.yaml')).toContain('    - service: vehicles\n');
  const home = await page.request.get(project.url('/__edit/preview/'));
  expect(home.status()).toBe(200);
});

test('deleting a service other files name is refused, naming each place, with a link to it', async ({ page }) => {
  const before = await project.read('services.yaml');
  await openFile(page, project, 'services.yaml');
  await page.getByRole('button', { name: /^Remove Service 2/ }).click();
  const elsewhere = page.locator('.check-summary a').filter({ hasText: 'content/pages/home.yaml, Services › Item 2 › Service' });
  await expect(elsewhere).toBeVisible();
  await expect(page.locator('.check-summary a').filter({ hasText: 'content/testimonials.yaml, Testimonial 2 › Service' })).toBeVisible();
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.locator('.check-summary').scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`refused-elsewhere-${width}.png`) });
  }
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: /^Not saved/ })).toBeVisible();
  expect(await project.read('services.yaml')).toBe(before);
  await expect(elsewhere).toHaveAttribute('href', '/__edit/pages/home.yaml#field-services-items-1-service');
});

test('reordering the services left the home page’s cards as they were with no word of it: the editor says so, and one press brings them in line', async ({
  page,
}) => {
  await openFile(page, project, 'services.yaml');
  await page.getByRole('button', { name: /^Move Service 1 down/ }).click();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await saved(page);
  const notice = page.locator('.cards-notice');
  await expect(notice).toContainText('the cards show the services in another order than the list');
  await expect(notice).toContainText('Pet Shifting has no card');
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await notice.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`cards-services-${width}.png`) });
  }
  await notice.getByRole('button', { name: 'Bring the home page’s cards in line' }).click();
  await expect(page.getByText('The home page’s service cards now follow this list (content/pages/home.yaml saved).')).toBeVisible();
  await expect(notice).toHaveCount(0);
  const cards = [...(await project.read('pages/home.yaml')).matchAll(/^ {4}- service: (\S+)$/gm)].map((match) => match[1]);
  expect(cards).toEqual(['office', 'residential', 'vehicles', 'storage', 'long-distance', 'pet']);

  // The home page's own form says it too, and brings them in line before its save.
  await page.setViewportSize({ width: 1280, height: 900 });
  await openFile(page, project, 'services.yaml');
  await page.getByRole('button', { name: /^Move Service 1 down/ }).click();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await saved(page);
  await openFile(page, project, 'pages/home.yaml');
  const own = page.locator('.cards-notice');
  await expect(own).toContainText('The service cards do not follow the services list');
  await own.getByRole('button', { name: 'Bring the cards in line with the services list' }).click();
  await expect(own).toHaveCount(0);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await saved(page);
  const after = [...(await project.read('pages/home.yaml')).matchAll(/^ {4}- service: (\S+)$/gm)].map((match) => match[1]);
  expect(after).toEqual(['residential', 'office', 'vehicles', 'storage', 'long-distance', 'pet']);
});
