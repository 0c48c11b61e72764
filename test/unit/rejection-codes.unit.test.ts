import { describe, expect, it } from 'vitest';
import type { Actor } from '../../src/core/types.ts';
import type { Builder } from '../../src/engine/builder.ts';
import { ENGINE_REJECTIONS } from '../../src/engine/rejections.ts';
import type { Variant } from '../../src/engine/variant.ts';
import { ENGINE_MESSAGES } from '../../src/i18n/engine-messages.ts';
import { mafiaDe } from '../../src/variants/mafia-de/index.ts';
import { DE_REJECTIONS, type DeRejectionCode } from '../../src/variants/mafia-de/rejections.ts';
import { palermo } from '../../src/variants/palermo/index.ts';
import { PAL_REJECTIONS, type PalRejectionCode } from '../../src/variants/palermo/rejections.ts';

function textless(variant: Variant<unknown>, codes: readonly string[]): string[] {
  const missing: string[] = [];
  for (const locale of variant.locales) {
    for (const code of codes) {
      if (variant.messages[locale]?.[code] === undefined && ENGINE_MESSAGES[locale]?.[code] === undefined) missing.push(`${locale}:${code}`);
    }
  }
  return missing;
}

describe('rejection codes: a typed union per rulebook', () => {
  it('every palermo and engine code has a sentence in each of palermo’s locales', () => {
    expect(textless(palermo, [...PAL_REJECTIONS, ...ENGINE_REJECTIONS])).toEqual([]);
  });

  it('every mafia-de code has a sentence in each of mafia-de’s locales', () => {
    expect(textless(mafiaDe, DE_REJECTIONS)).toEqual([]);
  });

  it('a misspelt code does not compile (tsc checks the expected errors)', () => {
    const ok: PalRejectionCode[] = ['R-VOTE-SELF', 'R-MOD-ARGS'];
    const de: DeRejectionCode[] = ['R-NOT-YOUR-ROLE'];
    // @ts-expect-error: not a palermo code
    const bad: PalRejectionCode = 'R-VOTE-SLEF';
    // @ts-expect-error: a mafia-de code is not palermo's
    const other: PalRejectionCode = 'R-WILL-INVALID';
    expect([...ok, ...de, bad, other]).toHaveLength(5);
  });

  it('Builder.reject takes only its rulebook’s codes: a misspelt code does not compile (tsc checks the expected errors)', () => {
    // Never run: the calls exist for tsc, which fails on an unused @ts-expect-error (a reject that took any string).
    const calls = (pal: Builder<unknown, object, PalRejectionCode>, de: Builder<unknown, object, DeRejectionCode>, engine: Builder, a: Actor) => {
      pal.reject(a, 'R-VOTE-SELF');
      pal.reject(a, 'R-GAME-OVER');
      // @ts-expect-error: misspelt palermo code
      pal.reject(a, 'R-VOTE-SLEF');
      // @ts-expect-error: a mafia-de code in a palermo builder
      pal.reject(a, 'R-WILL-INVALID');
      de.reject(a, 'R-WILL-INVALID');
      // @ts-expect-error: a palermo code in a mafia-de builder
      de.reject(a, 'R-VOTE-SELF');
      engine.reject(a, 'R-NOT-IN-GAME');
      // @ts-expect-error: engine code paths know only the engine's codes
      engine.reject(a, 'R-VOTE-SELF');
    };
    expect(calls).toBeTypeOf('function');
  });
});
