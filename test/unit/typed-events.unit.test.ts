// The event vocabularies are types: `npx tsc --noEmit` (part of .ci/run) fails if a misspelt event type or field
// compiles, because each `@ts-expect-error` below then has no error to expect. The runtime checks fold the same events.
import { describe, expect, it } from 'vitest';
import type { DataOf } from '../../src/core/types.ts';
import { Builder } from '../../src/engine/builder.ts';
import type { EngineEvent } from '../../src/engine/events.ts';
import { createGame } from '../../src/engine/game.ts';
import type { PalEvent, PalEvents } from '../../src/variants/palermo/events.ts';
import { palermo } from '../../src/variants/palermo/index.ts';
import type { PalState } from '../../src/variants/palermo/state.ts';

const config = {
  variant: 'palermo',
  locale: 'en' as const,
  timeZone: 'Europe/Athens',
  calendar: palermo.defaultCalendar,
  createdAt: 0,
  startAt: 86_400_000,
  options: {},
};

function builder(): Builder<PalState, PalEvents> {
  const d = createGame(palermo, config, 'seed', ['Ann', 'Bob']);
  return new Builder<PalState, PalEvents>(palermo, d.state, {}, 1000);
}

describe('typed events', () => {
  it('PAL-VOTE-3: a rulebook event is emitted with its own data and folded into the slice', () => {
    const b = builder();
    const [ann, bob] = b.state.order;
    const e = b.emit('vote.cast', { voter: ann!, target: bob!, round: 1 });
    const data: DataOf<PalEvent, 'vote.cast'> = e.data;
    expect(data.target).toBe(bob);
    expect(b.state.v.votes[ann!]).toBe(bob);
  });

  it('an engine event is emitted through the same builder and folded by the engine', () => {
    const b = builder();
    b.emit('game.paused', {});
    expect(b.state.pausedSince).toBe(1000);
    const created: DataOf<EngineEvent, 'game.created'> = { config, commitment: 'c' };
    expect(created.commitment).toBe('c');
  });

  it('misspelt types and fields do not compile', () => {
    const b = builder();
    const [ann, bob] = b.state.order;
    const tries = [
      // @ts-expect-error: no such event type
      () => b.emit('vote.casted', { voter: ann!, target: bob!, round: 1 }),
      // @ts-expect-error: no such field of vote.cast
      () => b.emit('vote.cast', { voter: ann!, targte: bob!, round: 1 }),
      // @ts-expect-error: an engine event's data is checked too
      () => b.emit('game.resumed', { shifted: 1 }),
    ];
    expect(tries).toHaveLength(3);
  });
});
