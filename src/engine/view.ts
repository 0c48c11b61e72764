// What a viewer may see of a game: every event whose audience includes the viewer; of the others only the
// sequence number, so a stream has no gaps and leaks nothing (lila's VersionedEvent).
import type { Audience, GameEvent, Viewer } from '../core/types.ts';

/** An event as one viewer receives it: whole, or only its sequence number. */
export type VisibleEvent = { readonly seq: number; readonly event?: GameEvent };

/** True when a viewer is in an audience. The moderator sees all but the sealed seed. */
export function canSee(viewer: Viewer, audience: Audience): boolean {
  switch (audience.kind) {
    case 'public':
      return true;
    case 'secret':
      return false;
    case 'moderator':
      return viewer.kind === 'moderator';
    case 'players':
    case 'team':
      return viewer.kind === 'moderator' || (viewer.kind === 'player' && audience.ids.includes(viewer.id));
  }
}

/** The events of a stream as `viewer` may see them; `from` is the sequence number of events[0]. */
export function viewFor(viewer: Viewer, events: readonly GameEvent[], from = 1): VisibleEvent[] {
  return events.map((event, i) => (canSee(viewer, event.audience) ? { seq: from + i, event } : { seq: from + i }));
}
