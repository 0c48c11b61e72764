// The mafia-de rejection codes (the spec's R-… vocabulary): a refusal names one of these or an engine code.
import type { EngineRejectionCode } from '../../engine/rejections.ts';

/** Every code mafia-de itself rejects with. */
export const DE_REJECTIONS = [
  'R-AD-INVALID',
  'R-AD-NOT-ALLOWED',
  'R-AD-PSEUDONYM',
  'R-AD-QUOTA',
  'R-AMBIGUOUS',
  'R-BLACKLIST',
  'R-DAY-ONLY',
  'R-DM-EMPTY',
  'R-DM-REJECTED',
  'R-DM-SHORT',
  'R-DM-VICTIM',
  'R-INS-DONE',
  'R-INS-TODAY',
  'R-MATCH-SAME',
  'R-MATCH-SELF',
  'R-NIGHT-ONLY',
  'R-NO-ACTION',
  'R-NO-SURRENDER-POST',
  'R-NOT-ALIVE',
  'R-NOT-PARTICIPANT',
  'R-NOT-RUNNING',
  'R-NOT-YOUR-ROLE',
  'R-PROTECT-REPEAT',
  'R-ROLE-CHOSEN',
  'R-ROLE-CLOSED',
  'R-ROLE-TAKEN',
  'R-ROLE-UNKNOWN',
  'R-SELF',
  'R-SIGNUP-DUP',
  'R-SIGNUP-FULL',
  'R-SIGNUP-MOD',
  'R-SUCCESSOR',
  'R-SURRENDER-NOT-BOSS',
  'R-TARGET-REMOVED',
  'R-VOTE-CLOSED',
  'R-WILL-INVALID',
  'R-WILL-RECIPIENT',
  'R-WRONG-NIGHT-DET',
  'R-WRONG-NIGHT-MM',
] as const;

/** A rejection code a mafia-de game may give. */
export type DeRejectionCode = EngineRejectionCode | (typeof DE_REJECTIONS)[number];
