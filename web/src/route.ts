// Hash routes (#/games/<id>/main): the server serves one static index.html and needs no fallback for deep links.
// A post's permalink is #/games/<id>/thread/<n> for the main thread and #/games/<id>/<channel>/<n> for another
// channel (a city's thread, a team channel); #/games/<id>/player/<name> shows a player (where a mention links).

/** A screen and its parameters. */
export type Route =
  | { readonly screen: 'lobby' }
  | { readonly screen: 'login' }
  | { readonly screen: 'create' }
  | { readonly screen: 'game'; readonly id: string; readonly tab: string; readonly post?: number; readonly player?: string }
  | { readonly screen: 'notifications' }
  | { readonly screen: 'settings' }
  | { readonly screen: 'forgot' }
  /** The screens behind the links of the mails, each with its token. */
  | { readonly screen: 'reset' | 'verify-email' | 'unsubscribe'; readonly token: string };

/** The tab of the main thread; `thread` in a permalink names it too. */
const MAIN = 'main';

/** A path segment decoded, or as it is when it is no valid percent-encoding (a pasted, cut link): never a throw. */
function decode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** Reads a hash (a malformed one reads as far as it can, so the app never blanks on a link). */
export function parseRoute(hash: string): Route {
  const parts = hash.replace(/^#\/?/, '').split('/').map(decode);
  if (parts[0] === 'login') return { screen: 'login' };
  if (parts[0] === 'new') return { screen: 'create' };
  if (parts[0] === 'notifications') return { screen: 'notifications' };
  if (parts[0] === 'settings') return { screen: 'settings' };
  if (parts[0] === 'forgot') return { screen: 'forgot' };
  if ((parts[0] === 'reset' || parts[0] === 'verify-email' || parts[0] === 'unsubscribe') && parts[1]) return { screen: parts[0], token: parts[1] };
  if (parts[0] === 'games' && parts[1]) {
    const id = parts[1];
    if (parts[2] === 'player' && parts[3]) return { screen: 'game', id, tab: MAIN, player: parts[3] };
    const tab = !parts[2] || parts[2] === 'thread' ? MAIN : parts[2];
    const n = /^[1-9]\d{0,8}$/.test(parts[3] ?? '') ? Number(parts[3]) : undefined;
    return n === undefined ? { screen: 'game', id, tab } : { screen: 'game', id, tab, post: n };
  }
  return { screen: 'lobby' };
}

/** The permalink of post `n` of a channel (its tab). */
export function postHref(id: string, tab: string, n: number): string {
  return `#/games/${encodeURIComponent(id)}/${tab === MAIN ? 'thread' : encodeURIComponent(tab)}/${n}`;
}

/** Where a mention of a player links: the game with that player shown. */
export function playerHref(id: string, name: string): string {
  return `#/games/${encodeURIComponent(id)}/player/${encodeURIComponent(name)}`;
}

/** The hash of a route. */
export function href(r: Route): string {
  switch (r.screen) {
    case 'lobby':
      return '#/';
    case 'login':
      return '#/login';
    case 'create':
      return '#/new';
    case 'game':
      return `#/games/${encodeURIComponent(r.id)}/${encodeURIComponent(r.tab)}`;
    case 'notifications':
    case 'settings':
    case 'forgot':
      return `#/${r.screen}`;
    default:
      return `#/${r.screen}/${encodeURIComponent(r.token)}`;
  }
}

let previous: string | null = null;
let current = typeof location === 'undefined' ? '' : location.hash;

/** Notes a hash change (the app calls it), so the log-in screen can return to where the user was. */
export function noteHash(hash: string): void {
  if (hash !== current) previous = current;
  current = hash;
}

/** The hash shown before the current one, if it was not the log-in screen itself. */
export function previousHash(): string | null {
  return previous && parseRoute(previous).screen !== 'login' ? previous : null;
}
