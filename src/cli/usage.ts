// Usage errors of the command line and the option parsers every command shares. Kept free of other imports so
// the launcher's fast paths (`--version`, `rules`) load nothing they do not need.
import { InvalidArgumentError } from 'commander';

/** A command-line mistake: printed without a stack, exit code 2. */
export class UsageError extends Error {}

/** Exit codes of `narrator` (README.md § The command line). */
export const EXIT = { ok: 0, failed: 1, usage: 2, internal: 3, notEnded: 4 } as const;

/** Parses a whole number option. */
export function int(name: string, text: string, min = 0): number {
  const n = Number(text.replace(/[_,]/g, ''));
  if (!Number.isInteger(n) || n < min) throw new UsageError(`--${name} must be a whole number ≥ ${min} (got "${text}")`);
  return n;
}

/** Parses `--option key=value` pairs (values as JSON when they parse, else as text). */
export function parseOptions(pairs: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const p of pairs) {
    const i = p.indexOf('=');
    if (i <= 0) throw new UsageError(`--option wants key=value (got "${p}")`);
    const raw = p.slice(i + 1);
    let value: unknown = raw;
    try {
      value = JSON.parse(raw);
    } catch {
      value = raw;
    }
    out[p.slice(0, i)] = value;
  }
  return out;
}

/** A commander option parser for a whole number in [min, max]: commander names the flag when it throws. */
export function intArg(min: number, max: number): (text: string) => number {
  return (text) => {
    const n = Number(text);
    if (!/^\d+$/.test(text.trim()) || !Number.isInteger(n) || n < min || n > max)
      throw new InvalidArgumentError(`expected a whole number from ${min} to ${max}.`);
    return n;
  };
}

/**
 * Runs the action of `narrator <command>`: a usage mistake (a UsageError, or an error `usage` turns into a message)
 * is printed without a stack and exits 2; any other error goes on to the program's internal-error handler.
 */
export async function runCli(command: string, action: () => Promise<void> | void, usage?: (e: unknown) => string | undefined): Promise<void> {
  try {
    await action();
  } catch (e) {
    const message = e instanceof UsageError ? `narrator ${command}: ${e.message}` : usage?.(e);
    if (message === undefined) throw e;
    process.stderr.write(`${message}\n`);
    process.exitCode = EXIT.usage;
  }
}
