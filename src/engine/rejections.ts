// The engine's rejection codes: the R-… codes it refuses with for every rulebook (signup, hints, moderator actions).
// A rulebook's own list adds to these (variants/<id>/rejections.ts); each code has a text in the messages.

/** Every code the engine itself rejects with. */
export const ENGINE_REJECTIONS = [
  'R-CHANNEL',
  'R-GAME-OVER',
  'R-HINT-FIRST-LINE',
  'R-HINT-OWN-LINE',
  'R-MOD-ARGS',
  'R-MOD-UNKNOWN',
  'R-NAME',
  'R-NOT-IN-GAME',
  'R-NOT-MODERATOR',
  'R-NOT-SIGNED-UP',
  'R-NOT-STARTED',
  'R-SIGNUP-CLOSED',
] as const;

/** A rejection code of the engine. */
export type EngineRejectionCode = (typeof ENGINE_REJECTIONS)[number];
