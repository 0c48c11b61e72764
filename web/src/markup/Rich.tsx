// A post's nodes as elements. Every string goes in as a text child (Preact escapes it); nothing sets innerHTML.
// Within a game (PostLinks), an @mention of a player links to him and a quote names the post it quotes with a link.
import { type ComponentChildren, createContext } from 'preact';
import { useContext } from 'preact/hooks';
import { mentionsIn } from '../../../src/core/post-refs.ts';
import { t } from '../i18n/i18n.ts';
import { type Node, parsePost } from './parse.ts';

/** What a post's links point to in its game and channel. */
export interface PostLinks {
  /** The game's player names: `@name` of one of them is a mention. */
  readonly names: readonly string[];
  /** Where a mention of a player links. */
  readonly player: (name: string) => string;
  /** The permalink of post `n` of the channel the post is in. */
  readonly post: (n: number) => string;
}

/** The links of the posts rendered below it (none outside a game). */
export const PostLinksContext = createContext<PostLinks | null>(null);

/** A text with its mentions as links. */
function mentions(text: string, links: PostLinks | null, key: number): ComponentChildren {
  if (!links || !text.includes('@')) return text;
  const found = mentionsIn(text, links.names);
  if (found.length === 0) return text;
  const out: ComponentChildren[] = [];
  let last = 0;
  for (const m of found) {
    if (m.start > last) out.push(text.slice(last, m.start));
    out.push(
      <a key={`${key}-${m.start}`} class="mention" href={links.player(m.name)} data-mention={m.name}>
        @<bdi>{m.name}</bdi>
      </a>,
    );
    last = m.end;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

function render(nodes: readonly Node[], links: PostLinks | null): ComponentChildren {
  return nodes.map((n, i) => {
    switch (n.kind) {
      case 'text':
        return mentions(n.text, links, i);
      case 'br':
        return <br key={i} />;
      case 'b':
        return <strong key={i}>{render(n.children, links)}</strong>;
      case 'i':
        return <em key={i}>{render(n.children, links)}</em>;
      case 'u':
        return <u key={i}>{render(n.children, links)}</u>;
      case 's':
        return <s key={i}>{render(n.children, links)}</s>;
      case 'quote':
        return (
          <blockquote key={i} class="quote" data-post={n.post ?? undefined}>
            {n.author !== null && (
              <cite>
                <bdi>{t('thread.wrote', { name: n.author })}</bdi>
                {n.post !== null && links && (
                  <>
                    {' '}
                    <a class="quoted-post" href={links.post(n.post)}>
                      {t('thread.postNumber', { n: n.post })}
                    </a>
                  </>
                )}
              </cite>
            )}
            {render(n.children, links)}
          </blockquote>
        );
    }
    return null;
  });
}

/** A player's post, its quotes, emphasis and mentions rendered, in its own direction-isolated block. */
export function Rich({ text }: { readonly text: string }) {
  const links = useContext(PostLinksContext);
  return (
    <div class="body" dir="auto">
      {render(parsePost(text), links)}
    </div>
  );
}
