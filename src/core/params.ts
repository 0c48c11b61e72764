// Constructors of structured message parameters (core/types.ts): the rulebooks build lists, references and
// phrases with these instead of packing them into strings, and the renderer (i18n/render.ts) resolves them.
import type { ListJoin, Param, ParamList, Params, Phrase, Ref, RefKind } from './types.ts';

/** A reference to a role, side, team or weekday. */
export function ref(kind: RefKind, id: string): Ref {
  return { ref: kind, id };
}

/** A list joined as the sentence needs; `empty` stands in for no items. */
export function list(items: readonly Param[], join: ListJoin = 'and', empty?: Param): ParamList {
  return empty === undefined ? { list: items, join } : { list: items, join, empty };
}

/** A phrase of the message tables with its own parameters. */
export function phrase(key: string, params?: Params): Phrase {
  return params ? { phrase: key, params } : { phrase: key };
}

/** The id a parameter refers to (undefined when it is no reference): for bots that read messages as data. */
export function refId(p: Param | undefined): string | undefined {
  return typeof p === 'object' && 'ref' in p ? p.id : undefined;
}

/** The plain-text items of a list parameter ([] when it is none): for bots that read messages as data. */
export function listTexts(p: Param | undefined): string[] {
  if (typeof p !== 'object' || !('list' in p)) return [];
  return p.list.filter((x): x is string => typeof x === 'string');
}
