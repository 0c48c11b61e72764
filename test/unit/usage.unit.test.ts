// runCli: the one place a command's usage mistakes become a message and exit code 2 (README.md § The command line).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EXIT, runCli, UsageError } from '../../src/cli/usage.ts';

describe('runCli', () => {
  const written: string[] = [];
  const spy = () =>
    vi.spyOn(process.stderr, 'write').mockImplementation((s) => {
      written.push(String(s));
      return true;
    });
  afterEach(() => {
    vi.restoreAllMocks();
    written.length = 0;
    process.exitCode = undefined;
  });

  it('prints a usage mistake as "narrator <command>: …" without a stack and exits 2', async () => {
    spy();
    await runCli('simulate', async () => {
      throw new UsageError('--games must be a whole number ≥ 1 (got "x")');
    });
    expect(written).toEqual(['narrator simulate: --games must be a whole number ≥ 1 (got "x")\n']);
    expect(process.exitCode).toBe(EXIT.usage);
  });

  it('lets a command name its own usage errors (a malformed script)', async () => {
    spy();
    class ScriptError extends Error {}
    await runCli(
      'play',
      () => {
        throw new ScriptError('a.yaml: line 3: unknown step');
      },
      (e) => (e instanceof ScriptError ? `malformed script: ${e.message}` : undefined),
    );
    expect(written).toEqual(['malformed script: a.yaml: line 3: unknown step\n']);
    expect(process.exitCode).toBe(EXIT.usage);
  });

  it('passes any other error on to the internal-error handler and leaves the exit code alone', async () => {
    spy();
    await expect(
      runCli('serve', async () => {
        throw new TypeError('boom');
      }),
    ).rejects.toThrow('boom');
    expect(written).toEqual([]);
    expect(process.exitCode).toBeUndefined();
  });
});
