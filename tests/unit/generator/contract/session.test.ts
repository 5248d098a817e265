import { describe, expect, it } from 'vitest';
import { Recent, Session, recentIn } from '../../../../generator/contract/session.js';

describe('a session', () => {
  it('makes each memory once and hands the same one back', () => {
    const session = new Session();
    let made = 0;
    const make = () => ({ made: ++made });
    expect(session.memory('a', make)).toBe(session.memory('a', make));
    expect(made).toBe(1);
    expect(session.memory('b', make)).not.toBe(session.memory('a', make));
  });

  it('keeps nothing between calls when there is none', () => {
    recentIn<string, number>(undefined, 'a', 4).set('k', 1);
    expect(recentIn<string, number>(undefined, 'a', 4).get('k')).toBeUndefined();
    const session = new Session();
    recentIn<string, number>(session, 'a', 4).set('k', 1);
    expect(recentIn<string, number>(session, 'a', 4).get('k')).toBe(1);
  });
});

describe('a memory of what was used last', () => {
  it('lets the entry used longest ago go first once it is full', () => {
    const recent = new Recent<string, number>(2);
    recent.set('a', 1);
    recent.set('b', 2);
    recent.get('a');
    recent.set('c', 3);
    expect([recent.get('a'), recent.get('b'), recent.get('c')]).toEqual([1, undefined, 3]);
  });

  it('keeps a value of undefined apart from a missing entry', () => {
    const recent = new Recent<string, number | undefined>(2);
    recent.set('a', undefined);
    recent.set('b', 2);
    recent.set('c', 3);
    expect(recent.get('b')).toBe(2);
  });
});
