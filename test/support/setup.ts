// Runs before every test file (vitest.config.ts, setupFiles): remembered answers about game states are checked
// against fresh ones, so a memo whose parts miss something it reads fails the tests that reach it.
import { verifyPartMemos } from '../../src/engine/state.ts';

verifyPartMemos(true);
