// A post's nodes as elements. Every string goes in as a text child (Preact escapes it); nothing sets innerHTML.
import type { ComponentChildren } from 'preact';
import { t } from '../i18n/i18n.ts';
import { type Node, parsePost } from './parse.ts';

function render(nodes: readonly Node[]): ComponentChildren {
  return nodes.map((n, i) => {
    switch (n.kind) {
      case 'text':
        return n.text;
      case 'br':
        return <br key={i} />;
      case 'b':
        return <strong key={i}>{render(n.children)}</strong>;
      case 'i':
        return <em key={i}>{render(n.children)}</em>;
      case 'u':
        return <u key={i}>{render(n.children)}</u>;
      case 's':
        return <s key={i}>{render(n.children)}</s>;
      case 'quote':
        return (
          <blockquote key={i} class="quote">
            {n.author !== null && (
              <cite>
                <bdi>{t('thread.wrote', { name: n.author })}</bdi>
              </cite>
            )}
            {render(n.children)}
          </blockquote>
        );
    }
    return null;
  });
}

/** A player's post, its quotes and emphasis rendered, in its own direction-isolated block. */
export function Rich({ text }: { readonly text: string }) {
  return (
    <div class="body" dir="auto">
      {render(parsePost(text))}
    </div>
  );
}
