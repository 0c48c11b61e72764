// The WebSocket protocol of /api/ws: what a client sends, and the frames the server answers with. Every `seq` is
// in the viewer's own numbering (a spectator's n-th public event is his seq n; the moderator's is the global one).
import { z } from 'zod';
import type { GameEvent } from '../core/types.ts';

/** A message from the client. */
export const clientMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('subscribe'), game: z.string().min(1).max(64), from: z.number().int().min(0).max(1e9).default(0) }),
  z.object({ type: z.literal('unsubscribe'), game: z.string().min(1).max(64) }),
  z.object({ type: z.literal('ping') }),
]);
/** A parsed client message. */
export type ClientMessage = z.infer<typeof clientMessage>;

/** A committed event the viewer may see; `text` is a message event rendered in the game's locale. */
export interface EventFrame {
  readonly type: 'event';
  readonly game: string;
  readonly seq: number;
  readonly event: GameEvent;
  readonly text?: string;
}

/** The catch-up is done: from here on events arrive live; `version` is the viewer's version now. */
export interface SubscribedFrame {
  readonly type: 'subscribed';
  readonly game: string;
  readonly version: number;
}

/** The viewer's numbering changed (a death, a substitution, a new co-moderator): `seq` is his last number in the new one. */
export interface RenumberedFrame {
  readonly type: 'renumbered';
  readonly game: string;
  readonly seq: number;
}

/** A refused message, with a stable code (ws.invalid, ws.too_many_subscriptions, game.not_found…). */
export interface ErrorFrame {
  readonly type: 'error';
  readonly code: string;
  readonly message: string;
}

/** Every frame the server sends. */
export type ServerFrame = EventFrame | SubscribedFrame | RenumberedFrame | ErrorFrame | { readonly type: 'pong' };
