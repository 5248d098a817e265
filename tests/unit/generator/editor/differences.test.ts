import { describe, expect, it } from 'vitest';
import { differences, resolve, type Versions } from '../../../../generator/editor/differences.js';

const yaml = (text: string) => Buffer.from(text);

describe('two versions of a content file, told apart by value', () => {
  const versions: Versions = {
    base: yaml('# Our chat window\ntitle: Chat with us\nsubtitle: We help\nactions:\n  - id: quote\n    title: Get a quote\n'),
    theirs: yaml(
      '# Our chat window\ntitle: Chat with us now\nsubtitle: We help\nactions:\n  - id: quote\n    title: Get a quote\n  - id: call\n    title: Call us\n',
    ),
    mine: yaml(
      '# Our chat window\ntitle: Chat with us\nsubtitle: We answer within the hour\nactions:\n  - id: quote\n    title: Get a quote\n',
    ),
  };

  it('lists each value that differs with its field label, both sides, and the side that changed it', () => {
    expect(differences('content/whatsapp.yaml', versions)).toEqual([
      { path: ['title'], label: 'Title', theirs: 'Chat with us now', mine: 'Chat with us', changed: 'theirs' },
      { path: ['subtitle'], label: 'Subtitle', theirs: 'We help', mine: 'We answer within the hour', changed: 'mine' },
      // An entry one side added is one choice, named by its title, not the whole list as text.
      {
        path: ['actions', 1],
        label: 'Action “call”',
        theirs: 'Call us (the whole entry)',
        mine: null,
        changed: 'theirs',
        entry: { list: ['actions'], id: 'call' },
      },
    ]);
  });

  it('writes their file with the values chosen as mine, keeping their comments', () => {
    const text = new TextDecoder().decode(resolve('content/whatsapp.yaml', versions, (_, index) => (index === 1 ? 'mine' : 'theirs'))!);
    expect(text).toBe(
      '# Our chat window\ntitle: Chat with us now\nsubtitle: We answer within the hour\nactions:\n  - id: quote\n    title: Get a quote\n  - id: call\n    title: Call us\n',
    );
  });

  it('offers a photo, or a file that is not YAML, whole: theirs or mine', () => {
    const photo: Versions = { base: undefined, theirs: Buffer.alloc(4096, 1), mine: Buffer.alloc(2048, 2) };
    expect(differences('content/images/van.jpg', photo)).toEqual([
      { path: [], label: 'the photo', theirs: 'a photo of 4 KB', mine: 'a photo of 2 KB' },
    ]);
    expect(resolve('content/images/van.jpg', photo, () => 'mine')).toEqual(photo.mine);
    expect(differences('content/images/van.jpg', { ...photo, mine: photo.theirs })).toEqual([]);
    const removed: Versions = { base: yaml('a: 1\n'), theirs: undefined, mine: yaml('a: 2\n') };
    expect(differences('content/extra.yaml', removed)).toEqual([{ path: [], label: 'the whole file', theirs: null, mine: 'a: 2\n' }]);
    expect(resolve('content/extra.yaml', removed, () => 'theirs')).toBeUndefined();
  });
});
