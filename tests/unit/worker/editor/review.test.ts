/**
 * Marking a Malayalam text as still right on the phone, through the Worker in workerd against the
 * GitHub stand-in: after the English changed, the translation file shows the text as outdated; the
 * owner marks it reviewed, the language's record is written again and kept on the phone, and
 * Publish commits it with the English in one commit.
 */
import { expect, it } from 'vitest';
import { bothLanguagesForEachTest } from './editor-worker.js';

const pushed = bothLanguagesForEachTest();
const harness = () => pushed().harness;

interface FileAnswer {
  outdated: Array<{ path: string; was: string; now: string }>;
  counts?: { outdated: number };
}

it('shows a Malayalam text whose English changed, marks it reviewed in the record kept on the phone, and publishes both in one commit', async () => {
  const { call, standin } = harness();
  const english = pushed().seed['content/services.yaml']!;
  const changed = english.replace('title: Residential Moving', 'title: House Shifting');
  expect(changed).not.toBe(english);
  const saved: Record<string, string> = { 'services.yaml': changed };

  const before = (await (await call('file', { head: pushed().start, saved, file: 'ml/services.yaml' })).json()) as FileAnswer;
  const title = before.outdated.find((text) => text.path === 'services[residential].title');
  expect(title).toMatchObject({ was: 'Residential Moving', now: 'House Shifting' });
  expect(before.counts?.outdated).toBeGreaterThan(0);

  const marked = await call('accept', { head: pushed().start, saved, file: 'ml/services.yaml', accepted: [['services', 0, 'title']] });
  expect(marked.status).toBe(200);
  const answer = (await marked.json()) as FileAnswer & { accepted: number; record: { file: string; text: string } };
  expect(answer.accepted).toBe(1);
  expect(answer.outdated.map((text) => text.path)).not.toContain('services[residential].title');
  expect(answer.record.file).toBe('ml/translated-from.yaml');
  expect(answer.record.text).toContain('House Shifting');

  // The record travels with the files saved on the phone: read again, the text is no longer outdated.
  const withRecord = { ...saved, [answer.record.file]: answer.record.text };
  const after = (await (await call('file', { head: pushed().start, saved: withRecord, file: 'ml/services.yaml' })).json()) as FileAnswer;
  expect(after.outdated.map((text) => text.path)).not.toContain('services[residential].title');

  const published = await call('publish', { head: pushed().start, saved: withRecord, message: 'House shifting' });
  expect(published.status).toBe(200);
  const head = (await standin.git.ref('main'))!;
  expect(await standin.git.text(['rev-list', `${pushed().start}..${head}`])).toBe(head);
  expect((await standin.git.text(['diff-tree', '--no-commit-id', '--name-only', '-r', pushed().start, head])).split('\n').sort()).toEqual([
    'content/ml/translated-from.yaml',
    'content/services.yaml',
  ]);
});

it('refuses to mark a text of an English file, or when no text is named, and keeps nothing', async () => {
  const { call } = harness();
  expect(
    (await call('accept', { head: pushed().start, saved: {}, file: 'services.yaml', accepted: [['services', 0, 'title']] })).status,
  ).toBe(400);
  expect((await call('accept', { head: pushed().start, saved: {}, file: 'ml/services.yaml', accepted: [] })).status).toBe(400);
});

it('records, on a Malayalam save, the English of the text it changed, as site dev’s save does', async () => {
  const { call } = harness();
  const changed = pushed().seed['content/services.yaml']!.replace('title: Residential Moving', 'title: House Shifting');
  const saved: Record<string, string> = { 'services.yaml': changed };
  const file = (await (await call('file', { head: pushed().start, saved, file: 'ml/services.yaml' })).json()) as FileAnswer & {
    version: string;
    value: { services: Array<{ title: string }> };
  };
  expect(file.outdated.map((text) => text.path)).toContain('services[residential].title');
  const value = structuredClone(file.value);
  value.services[0]!.title = 'വീട് മാറ്റം';
  const answer = await call('save', { head: pushed().start, saved, file: 'ml/services.yaml', value, version: file.version });
  expect(answer.status).toBe(200);
  const body = (await answer.json()) as { text: string; record?: { file: string; text: string } };
  expect(body.record?.file).toBe('ml/translated-from.yaml');
  expect(body.record?.text).toContain('House Shifting');
  const after = (await (
    await call('file', {
      head: pushed().start,
      saved: { ...saved, 'ml/services.yaml': body.text, [body.record!.file]: body.record!.text },
      file: 'ml/services.yaml',
    })
  ).json()) as FileAnswer;
  expect(after.outdated.map((text) => text.path)).not.toContain('services[residential].title');
});
