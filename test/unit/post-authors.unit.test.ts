// The chunked post-author index: every author is found, earlier states are never changed, and a post copies at
// most one chunk (so a long game's posts cost the same as a short game's).
import { describe, expect, it } from 'vitest';
import { type GameState, POST_CHUNK, postAuthor, withPostAuthor } from '../../src/engine/state.ts';

describe('post authors', () => {
  it('finds every author across chunks and leaves earlier states untouched', () => {
    let chunks: GameState['postAuthors'] = [];
    const history: GameState['postAuthors'][] = [];
    for (let i = 1; i <= 1000; i++) {
      history.push(chunks);
      chunks = withPostAuthor(chunks, `post${i}`, `p${i % 7}`);
    }
    const s = { postAuthors: chunks } as GameState;
    for (let i = 1; i <= 1000; i++) expect(postAuthor(s, `post${i}`)).toBe(`p${i % 7}`);
    expect(postAuthor(s, 'post1001')).toBeUndefined();
    expect(postAuthor(s, 'toString')).toBeUndefined();
    expect(chunks.length).toBe(Math.ceil(1000 / POST_CHUNK));
    expect(chunks.every((c) => c.length <= POST_CHUNK)).toBe(true);
    // The state before post 300 still knows nothing of it.
    expect(postAuthor({ postAuthors: history[299]! } as GameState, 'post300')).toBeUndefined();
    expect(postAuthor({ postAuthors: history[299]! } as GameState, 'post299')).toBe('p5');
  });
});
