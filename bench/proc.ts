// Process figures the benchmarks print beside their timings.
import { readFileSync } from 'node:fs';

/** CPU seconds (user + system) a process has used so far, from Linux /proc; NaN where /proc is not readable. */
export function cpuOf(pid: number): number {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(f[11]) + Number(f[12])) / 100;
  } catch {
    return Number.NaN;
  }
}
