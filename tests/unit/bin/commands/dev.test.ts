import { rm } from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { runDev } from '../../../../bin/commands/dev.js';
import { captureIo, contentWithFixture } from '../../../helpers/content.js';
import { raw } from '../../../helpers/editor-server.js';

const temporary: string[] = [];
afterAll(async () => {
  for (const dir of temporary) await rm(dir, { recursive: true, force: true });
});

describe('site dev and the editor', () => {
  it.each(['127.0.0.1', '0.0.0.0'])('with --host %s, prints the editor’s address, which answers', async (host) => {
    const dir = await contentWithFixture();
    temporary.push(dir);
    const io = captureIo(dir);
    let stop: () => void = () => undefined;
    const running = runDev({ content: 'content', port: '0', host }, io, new Promise<void>((resolve) => (stop = resolve)));
    while (!/Edit the content at /.test(io.stdout())) await new Promise((resolve) => setTimeout(resolve, 20));
    const address = /^Edit the content at (http:\/\/127\.0\.0\.1:(\d+)\/__edit)$/m.exec(io.stdout());
    expect(address, io.stdout()).not.toBeNull();
    const page = await raw(Number(address![2]), { target: '/__edit' });
    expect(page.status).toBe(200);
    expect(page.text).toContain('<meta name="editor-token"');
    stop();
    await running;
  });
});
