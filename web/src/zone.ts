// Wall-clock times of a game's zone in the browser, which has no Temporal: the zone's offset at an instant read
// through Intl, and a local "YYYY-MM-DDTHH:MM" turned into an instant (the moderator's new deadline, shown in his own
// zone before he confirms it).

/** The zone's offset from UTC at `at`, in milliseconds. */
export function zoneOffset(at: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(at);
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second'));
  return wall - Math.floor(at / 1000) * 1000;
}

/** The instant of a local "YYYY-MM-DDTHH:MM" in the zone, or null when it is not such a time. */
export function instantOf(local: string, timeZone: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!m) return null;
  const wall = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]));
  // Two rounds settle the offset except inside a DST gap, where the later reading wins (as the server does).
  let at = wall - zoneOffset(wall, timeZone);
  at = wall - zoneOffset(at, timeZone);
  return at;
}

/** The local "YYYY-MM-DDTHH:MM" of an instant in the zone (the value of a datetime-local input). */
export function localOf(at: number, timeZone: string): string {
  return new Date(at + zoneOffset(at, timeZone)).toISOString().slice(0, 16);
}
