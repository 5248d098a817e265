/**
 * A service's id renamed on the phone, through the Worker in workerd against the GitHub stand-in:
 * as site dev's save does, the save renames it in every file that names it (the English pages,
 * the reviews, the Malayalam services and their record), the phone keeps those files with the one
 * it saved, and Publish commits them together, so the site still builds.
 */
import { expect, it } from 'vitest';
import { bothLanguagesForEachTest } from './editor-worker.js';

const pushed = bothLanguagesForEachTest();
const harness = () => pushed().harness;

interface ServicesFile {
  version: string;
  value: { services: Array<{ id: string }> };
}

/** `residential` used as a service's id: a value of its own (id: residential), or a key naming the service's texts. */
const AS_ID = /(:|^\s*-)\s*residential\s*$|\[residential\]/m;

/** The files of the sample that name the service `residential` besides services.yaml. */
const NAMING = (files: Record<string, string>) =>
  Object.keys(files)
    .filter((name) => name !== 'content/services.yaml' && AS_ID.test(files[name]!))
    .map((name) => name.replace(/^content\//, ''))
    .sort();

it('renames a service’s id in the files that name it, checks them together, and publishes them in one commit', async () => {
  const { call, standin } = harness();
  const naming = NAMING(pushed().seed);
  expect(naming).toContain('ml/services.yaml');
  expect(naming).toContain('ml/translated-from.yaml');
  const file = (await (await call('file', { head: pushed().start, saved: {}, file: 'services.yaml' })).json()) as ServicesFile;
  const value = structuredClone(file.value);
  const entry = value.services.find((service) => service.id === 'residential')!;
  entry.id = 'house-shifting';

  // As the owner types: the check names the rename and the files it reaches, and no problem elsewhere.
  const checked = (await (await call('check', { head: pushed().start, saved: {}, file: 'services.yaml', value })).json()) as {
    problems: unknown[];
    elsewhere: unknown[];
    renames: Array<{ from: string; to: string }>;
    renamedIn: string[];
  };
  expect(checked.renames).toEqual([{ from: 'residential', to: 'house-shifting' }]);
  expect([...checked.renamedIn].sort()).toEqual(naming);
  expect([...checked.problems, ...checked.elsewhere]).toEqual([]);

  const saved = await call('save', { head: pushed().start, saved: {}, file: 'services.yaml', value, version: file.version });
  expect(saved.status).toBe(200);
  const answer = (await saved.json()) as { text: string; renamedIn: string[]; renamedTexts: Record<string, string> };
  expect(Object.keys(answer.renamedTexts).sort()).toEqual(naming);
  for (const text of Object.values(answer.renamedTexts)) {
    expect(text).toContain('house-shifting');
    expect(text).not.toMatch(AS_ID);
  }

  // The phone keeps every file the save wrote; the Malayalam file reads without a problem.
  const kept = { ...answer.renamedTexts, 'services.yaml': answer.text };
  const malayalam = (await (await call('file', { head: pushed().start, saved: kept, file: 'ml/services.yaml' })).json()) as {
    problems: unknown[];
  };
  expect(malayalam.problems).toEqual([]);

  const published = await call('publish', { head: pushed().start, saved: kept, message: 'House shifting' });
  expect(published.status).toBe(200);
  const head = (await standin.git.ref('main'))!;
  expect(await standin.git.text(['rev-list', `${pushed().start}..${head}`])).toBe(head);
  const changed = (await standin.git.text(['diff-tree', '--no-commit-id', '--name-only', '-r', pushed().start, head])).split('\n').sort();
  expect(changed).toEqual(['services.yaml', ...naming].map((name) => `content/${name}`).sort());
});

it('leaves the other files alone when no id changes', async () => {
  const { call } = harness();
  const file = (await (await call('file', { head: pushed().start, saved: {}, file: 'services.yaml' })).json()) as ServicesFile;
  const value = structuredClone(file.value) as { services: Array<{ id: string; title?: string }> };
  value.services[0]!.title = 'House Shifting';
  const answer = (await (
    await call('save', { head: pushed().start, saved: {}, file: 'services.yaml', value, version: file.version })
  ).json()) as {
    renamedTexts?: unknown;
  };
  expect(answer.renamedTexts).toBeUndefined();
});
