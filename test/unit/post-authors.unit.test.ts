// The compact post-author index: it answers exactly what a plain list of [id, author] pairs answers (the first
// post of an id wins), grows one character per post, and never changes an earlier state.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type GameState, type PlayerState, postAuthor, withPostAuthor } from '../../src/engine/state.ts';

/** A state with `n` seated players p0…p(n−1) (seat = index) and no posts. */
function seated(n: number): GameState {
  const players: Record<string, PlayerState> = {};
  for (let i = 0; i < n; i++) players[`p${i}`] = { id: `p${i}`, name: `P${i}`, index: i, status: 'alive' } as PlayerState;
  return { players, posts: 0, postAuthors: '', namedPosts: {} } as unknown as GameState;
}

/** Publishes one post the way `evolve` does. */
const publish = (s: GameState, postId: string, author: string): GameState => ({ ...s, posts: s.posts + 1, ...withPostAuthor(s, postId, author) });

describe('post authors', () => {
  it('finds every author of a long thread at one character per post, and earlier states know nothing later', () => {
    let s = seated(7);
    const history: GameState[] = [];
    for (let i = 1; i <= 1000; i++) {
      history.push(s);
      s = publish(s, `post${i}`, `p${i % 7}`);
    }
    for (let i = 1; i <= 1000; i++) expect(postAuthor(s, `post${i}`)).toBe(`p${i % 7}`);
    expect(s.postAuthors.length).toBe(1000);
    expect(Object.keys(s.namedPosts)).toEqual([]);
    for (const id of ['post1001', 'post0', 'post01', 'post1.0', 'toString', '__proto__', 'post', '']) expect(postAuthor(s, id)).toBeUndefined();
    expect(postAuthor(history[299]!, 'post300')).toBeUndefined();
    expect(postAuthor(history[299]!, 'post299')).toBe('p5');
  });

  it('keeps every character storable: a seat that would reach the UTF-16 surrogates is kept by id instead', () => {
    const far = { id: 'pfar', name: 'Far', index: 0xd800, status: 'alive' } as PlayerState;
    let s = { ...seated(2), players: { ...seated(2).players, pfar: far } } as GameState;
    s = publish(s, 'post1', 'p1');
    s = publish(s, 'post2', 'pfar');
    expect(postAuthor(s, 'post1')).toBe('p1');
    expect(postAuthor(s, 'post2')).toBe('pfar');
    expect([...s.postAuthors].every((c) => c.charCodeAt(0) < 0xd800)).toBe(true);
    expect(Buffer.from(s.postAuthors, 'utf8').toString('utf8')).toBe(s.postAuthors);
  });

  it('agrees with a list of [id, author] pairs for any mix of default and explicit ids', () => {
    const step = fc.record({
      author: fc.integer({ min: 0, max: 39 }),
      // Explicit ids, some shaped like default ids of other posts, some repeated.
      id: fc.option(
        fc.oneof(
          fc.constantFrom('lw1', 'lw2', 'x', 'toString', 'constructor'),
          fc.integer({ min: 0, max: 30 }).map((n) => `post${n}`),
        ),
        {
          nil: undefined,
        },
      ),
    });
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
        let s = seated(40);
        const list: [string, string][] = [];
        for (const st of steps) {
          const id = st.id ?? `post${s.posts + 1}`;
          s = publish(s, id, `p${st.author}`);
          list.push([id, `p${st.author}`]);
        }
        const probes = new Set([...list.map(([id]) => id), ...Array.from({ length: 45 }, (_, i) => `post${i}`), 'lw3', 'hasOwnProperty']);
        for (const id of probes) expect(postAuthor(s, id)).toBe(list.find(([x]) => x === id)?.[1]);
        expect(s.postAuthors.length).toBe(steps.length);
      }),
      { numRuns: 300 },
    );
  });
});
