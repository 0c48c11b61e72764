// Hash routes (#/games/<id>/thread): the server serves one static index.html and needs no fallback for deep links.

/** A screen and its parameters. */
export type Route =
  | { readonly screen: 'lobby' }
  | { readonly screen: 'login' }
  | { readonly screen: 'create' }
  | { readonly screen: 'game'; readonly id: string; readonly tab: string }
  | { readonly screen: 'notifications' }
  | { readonly screen: 'settings' }
  | { readonly screen: 'forgot' }
  /** The screens behind the links of the mails, each with its token. */
  | { readonly screen: 'reset' | 'verify-email' | 'unsubscribe'; readonly token: string };

/** Reads a hash. */
export function parseRoute(hash: string): Route {
  const parts = hash.replace(/^#\/?/, '').split('/').map(decodeURIComponent);
  if (parts[0] === 'login') return { screen: 'login' };
  if (parts[0] === 'new') return { screen: 'create' };
  if (parts[0] === 'notifications') return { screen: 'notifications' };
  if (parts[0] === 'settings') return { screen: 'settings' };
  if (parts[0] === 'forgot') return { screen: 'forgot' };
  if ((parts[0] === 'reset' || parts[0] === 'verify-email' || parts[0] === 'unsubscribe') && parts[1]) return { screen: parts[0], token: parts[1] };
  if (parts[0] === 'games' && parts[1]) return { screen: 'game', id: parts[1], tab: parts[2] || 'main' };
  return { screen: 'lobby' };
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
