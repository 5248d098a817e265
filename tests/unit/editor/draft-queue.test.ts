import { expect, it } from 'vitest';
import { draftQueue } from '../../../editor/draft-queue.js';

/** A server whose answers the test releases one by one, in the order it chooses. */
function server() {
  const received: string[] = [];
  const answers: Array<(taken: boolean) => void> = [];
  const post = (body: string) =>
    new Promise<boolean>((resolve) => {
      received.push(body);
      answers.push(resolve);
    });
  const answer = async (taken = true) => {
    answers.shift()!(taken);
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { received, post, answer };
}

it('sends one value at a time, so the server never ends with an older value than the last typed', async () => {
  const { received, post, answer } = server();
  let reloads = 0;
  const queue = draftQueue(post, () => reloads++);
  queue.send('brand added');
  queue.send('logo uploaded');
  expect(received, 'the second waits for the first’s answer').toEqual(['brand added']);
  await answer();
  expect(received).toEqual(['brand added', 'logo uploaded']);
  expect(reloads, 'no reload for a value already replaced').toBe(0);
  await answer();
  await queue.settled();
  expect(reloads).toBe(1);
});

it('skips the values typed while one was on its way, sending only the newest', async () => {
  const { received, post, answer } = server();
  const queue = draftQueue(post, () => undefined);
  queue.send('a');
  queue.send('ab');
  queue.send('abc');
  await answer();
  await answer();
  await queue.settled();
  expect(received).toEqual(['a', 'abc']);
});

it('goes on after a refused or failed request, and reloads only for a value the server took', async () => {
  let reloads = 0;
  const outcomes = [() => Promise.reject(new Error('offline')), () => Promise.resolve(false), () => Promise.resolve(true)];
  const queue = draftQueue(
    () => outcomes.shift()!(),
    () => reloads++,
  );
  queue.send('first');
  await queue.settled();
  queue.send('second');
  await queue.settled();
  expect(reloads).toBe(0);
  queue.send('third');
  await queue.settled();
  expect(reloads).toBe(1);
});
