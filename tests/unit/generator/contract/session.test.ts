import { describe, expect, it } from 'vitest';
import { Recent, Session } from '../../../../generator/contract/session.js';

describe('a session', () => {
  it('makes each memory once and hands the same one back', () => {
    const session = new Session();
    let made = 0;
    const make = () => ({ made: ++made });
    expect(session.memory('a', make)).toBe(session.memory('a', make));
    expect(made).toBe(1);
    expect(session.memory('b', make)).not.toBe(session.memory('a', make));
  });

  it('hands the same memory of what was used last to each who asks for it by name', () => {
    const session = new Session();
    session.recent<string, number>('a', 4).keep('k', 1);
    expect(session.recent<string, number>('a', 4).recall('k')).toBe(1);
    expect(session.recent<string, number>('b', 4).recall('k')).toBeUndefined();
  });
});

describe('a memory of what was used last', () => {
  it('lets the entry used longest ago go first once it is full', () => {
    const recent = new Recent<string, number>(2);
    recent.keep('a', 1);
    recent.keep('b', 2);
    recent.recall('a');
    recent.keep('c', 3);
    expect([recent.recall('a'), recent.recall('b'), recent.recall('c')]).toEqual([1, undefined, 3]);
  });

  it('keeps a value of undefined apart from a missing entry', () => {
    const recent = new Recent<string, number | undefined>(2);
    recent.keep('a', undefined);
    recent.keep('b', 2);
    recent.keep('c', 3);
    expect(recent.recall('b')).toBe(2);
  });
});
