// A progress bar on stderr: games done, games per second and time left. On a terminal it redraws one line; when
// stderr is not a terminal (CI, pipes) it prints a plain line every few seconds instead.

/** Formats seconds as h:mm:ss or m:ss. */
export function clock(seconds: number): string {
  if (!Number.isFinite(seconds)) return '--:--';
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

/** Groups thousands with commas. */
export function thousands(n: number): string {
  return Math.round(n).toLocaleString('en-US');
}

/** A progress reporter for `total` units. */
export class Progress {
  private readonly start = performance.now();
  private lastDraw = Number.NEGATIVE_INFINITY;
  private readonly tty: boolean;

  constructor(
    private readonly total: number,
    private readonly label = 'games',
    private readonly out: NodeJS.WriteStream = process.stderr,
  ) {
    this.tty = Boolean(out.isTTY);
  }

  /** One status line for `done` units. */
  line(done: number): string {
    const secs = (performance.now() - this.start) / 1000;
    const rate = secs > 0 ? done / secs : 0;
    const left = rate > 0 ? (this.total - done) / rate : Number.POSITIVE_INFINITY;
    const frac = this.total > 0 ? done / this.total : 1;
    const width = 28;
    const fill = Math.round(frac * width);
    const bar = `${'█'.repeat(fill)}${'░'.repeat(width - fill)}`;
    return `${bar} ${(frac * 100).toFixed(1).padStart(5)}%  ${thousands(done)}/${thousands(this.total)} ${this.label}  ${thousands(rate)} ${this.label}/s  ETA ${clock(left)}`;
  }

  /** Reports progress (throttled: 10 redraws a second on a terminal, a line every 5 s otherwise). */
  update(done: number): void {
    const now = performance.now();
    // On a terminal the full bar is drawn at once; off it, `finish` prints the last line.
    if (now - this.lastDraw < (this.tty ? 100 : 5000) && (!this.tty || done < this.total)) return;
    this.lastDraw = now;
    if (this.tty) this.out.write(`\r${this.line(done)}\x1b[K`);
    else this.out.write(`${this.line(done)}\n`);
  }

  /** Ends the bar with the elapsed time. Returns the seconds taken. */
  finish(done = this.total): number {
    const secs = (performance.now() - this.start) / 1000;
    const msg = `${this.line(done).replace(/ETA .*/, '')}done in ${clock(secs)} (${secs.toFixed(1)} s)`;
    this.out.write(this.tty ? `\r${msg}\x1b[K\n` : `${msg}\n`);
    return secs;
  }
}
