/**
 * requestReply in whatsapp.yaml: the first words of the owner's WhatsApp reply from the inbox, in
 * each language, which a Cloudflare build leaves for the Worker (generator/hosts.ts). A Malayalam
 * file without it gives the English, as the pages do; content without it in English still builds,
 * with the words the inbox always used; a placeholder the inbox cannot fill is refused, located.
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseDocument } from 'yaml';
import { afterAll, describe, expect, it } from 'vitest';
import { checkContent } from '../../../../generator/build.js';
import { DEFAULT_REQUEST_REPLY, replyTo } from '../../../../generator/contract/request-reply.js';
import { SETTINGS_FILE, hostFiles } from '../../../../generator/hosts.js';
import type { Site } from '../../../../generator/schema/index.js';
import { SAMPLE_CONTENT, contentWithFixture } from '../../../helpers/content.js';

const SAMPLE_EN = 'Hello {name}, about your moving quote request:';
const SAMPLE_ML = 'നമസ്കാരം {name}, നിങ്ങൾ അയച്ച ഷിഫ്റ്റിംഗ് ക്വട്ടേഷൻ അപേക്ഷയെക്കുറിച്ച്:';

const temporary: string[] = [];
afterAll(async () => {
  await Promise.all(temporary.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

/** The sample content with requestReply set in each file named (`undefined` takes it out); its content folder. */
async function withReply(replies: Record<string, string | undefined>): Promise<string> {
  const dir = await contentWithFixture();
  temporary.push(dir);
  for (const [file, reply] of Object.entries(replies)) {
    const target = path.join(dir, 'content', file);
    const doc = parseDocument(await readFile(target, 'utf8'));
    if (reply === undefined) doc.delete('requestReply');
    else doc.set('requestReply', reply);
    await writeFile(target, doc.toString({ lineWidth: 0 }));
  }
  return path.join(dir, 'content');
}

/** What the settings file of a Cloudflare build of `site` hands the Worker for the inbox's reply. */
function builtReplies(site: Site | undefined): unknown {
  expect(site).toBeDefined();
  const file = hostFiles(site!, 'cloudflare').find((entry) => entry.path === SETTINGS_FILE)!;
  return JSON.parse(String(file.contents)).requestReply;
}

describe('a Cloudflare build', () => {
  it('hands the Worker the reply in English and in Malayalam', async () => {
    const { site, problems } = await checkContent(SAMPLE_CONTENT);
    expect(problems).toEqual([]);
    expect(builtReplies(site)).toEqual({ en: SAMPLE_EN, ml: SAMPLE_ML });
  });

  it('gives a Malayalam file without the reply the English one, counted as not translated yet', async () => {
    const { site, problems, translations } = await checkContent(await withReply({ 'ml/whatsapp.yaml': undefined }));
    expect(problems).toEqual([]);
    expect(builtReplies(site)).toEqual({ en: SAMPLE_EN, ml: SAMPLE_EN });
    expect(translations[0]!.untranslated.get('ml/whatsapp.yaml')).toBe(1);
  });

  it('still builds content written before the reply was in it, with the words the inbox always used', async () => {
    const { site, problems } = await checkContent(await withReply({ 'whatsapp.yaml': undefined, 'ml/whatsapp.yaml': undefined }));
    expect(problems).toEqual([]);
    expect(builtReplies(site)).toEqual({ en: DEFAULT_REQUEST_REPLY, ml: DEFAULT_REQUEST_REPLY });
    expect(DEFAULT_REQUEST_REPLY).toBe('Hello {name}, about your moving quote request:');
  });
});

it.each([
  ['whatsapp.yaml', 'Hello {Name}, about your moving quote request:', '{Name}'],
  ['ml/whatsapp.yaml', 'നമസ്കാരം {പേര്}, നിങ്ങളുടെ ക്വട്ടേഷനെക്കുറിച്ച്:', '{പേര്}'],
])('refuses a reply in %s with a placeholder the inbox cannot fill, located, saying to write {name}', async (file, reply, found) => {
  const { problems } = await checkContent(await withReply({ [file]: reply }));
  expect(problems.map((problem) => [path.basename(path.dirname(problem.file)), problem.path, problem.code])).toEqual([
    [file.startsWith('ml/') ? 'ml' : 'content', 'requestReply', 'invalid-value'],
  ]);
  expect(problems[0]!.message).toContain(found);
  expect(problems[0]!.line).toBeGreaterThan(0);
  expect(problems[0]!.hint).toContain('{name}');
});

it('writes the visitor’s name for each {name}, as given', () => {
  expect(replyTo('Hello {name}, ({name})', 'Anu $& $1 Thomas')).toBe('Hello Anu $& $1 Thomas, (Anu $& $1 Thomas)');
});
