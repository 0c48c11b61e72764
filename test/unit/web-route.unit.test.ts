// The web app's hash routes (web/src/route.ts), with the permalinks of issue 26: a post of the main thread
// (#/games/<id>/thread/<n>), of another channel (#/games/<id>/<channel>/<n>), and a player a mention links to.
import { describe, expect, it } from 'vitest';
import { href, parseRoute, playerHref, postHref } from '../../web/src/route.ts';

describe('hash routes', () => {
  it('reads a game’s tab, a post’s permalink in the thread or another channel, and a player’s link', () => {
    expect(parseRoute('#/games/g1/main')).toEqual({ screen: 'game', id: 'g1', tab: 'main' });
    expect(parseRoute('#/games/g1/thread/12')).toEqual({ screen: 'game', id: 'g1', tab: 'main', post: 12 });
    expect(parseRoute('#/games/g1/city-2/3')).toEqual({ screen: 'game', id: 'g1', tab: 'city-2', post: 3 });
    expect(parseRoute('#/games/g1/team%3Akillers/1')).toEqual({ screen: 'game', id: 'g1', tab: 'team:killers', post: 1 });
    expect(parseRoute('#/games/g1/player/Anna%20Maria')).toEqual({ screen: 'game', id: 'g1', tab: 'main', player: 'Anna Maria' });
    // Not a post number: the tab alone.
    for (const bad of ['0', '-1', 'x', '1.5', '07']) expect(parseRoute(`#/games/g1/main/${bad}`)).toEqual({ screen: 'game', id: 'g1', tab: 'main' });
  });

  it('writes permalinks that read back as the same route', () => {
    expect(postHref('g 1', 'main', 12)).toBe('#/games/g%201/thread/12');
    expect(parseRoute(postHref('g1', 'team:killers', 4))).toEqual({ screen: 'game', id: 'g1', tab: 'team:killers', post: 4 });
    expect(parseRoute(playerHref('g1', 'Βασίλης'))).toMatchObject({ player: 'Βασίλης' });
    expect(href({ screen: 'game', id: 'g1', tab: 'console' })).toBe('#/games/g1/console');
  });

  it('reads a malformed link as far as it can instead of throwing (issue 25: "URI malformed" blanked the app)', () => {
    expect(() => parseRoute('#/games/g1/%E0%A4%A')).not.toThrow();
    expect(parseRoute('#/games/g1/%E0%A4%A')).toEqual({ screen: 'game', id: 'g1', tab: '%E0%A4%A' });
    expect(parseRoute('#/games/%/main')).toEqual({ screen: 'game', id: '%', tab: 'main' });
    expect(parseRoute('#/%zz')).toEqual({ screen: 'lobby' });
  });
});
