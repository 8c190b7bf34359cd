/**
 * `date.toISOString()`, the same string, without its cost on every transition: the engine
 * stamps each transition, and `toISOString` (a call into the runtime) cost about as much as the
 * rest of a transition. The date part changes once a day, so it is remembered and only the time
 * of day is written out here; anything unusual (an invalid date, a year outside 0000–9999) goes
 * to `toISOString` itself, so errors and extended years come out as they always did.
 */

const DAY_MS = 86_400_000;
/** The last day formatted: its number since the epoch and its `YYYY-MM-DDT` prefix. */
let cachedDay = Number.NaN;
let cachedPrefix = '';

const FIRST_MS = new Date('0000-01-01T00:00:00.000Z').getTime();
const LAST_MS = new Date('9999-12-31T23:59:59.999Z').getTime();

export function isoTime(date: Date): string {
  const ms = date.getTime();
  if (!(ms >= FIRST_MS && ms <= LAST_MS)) return date.toISOString();
  const day = Math.floor(ms / DAY_MS);
  if (day !== cachedDay) {
    cachedPrefix = date.toISOString().slice(0, 11);
    cachedDay = day;
  }
  let rest = ms - day * DAY_MS;
  const milli = rest % 1000;
  rest = (rest - milli) / 1000;
  const second = rest % 60;
  rest = (rest - second) / 60;
  const minute = rest % 60;
  const hour = (rest - minute) / 60;
  return `${cachedPrefix}${two(hour)}:${two(minute)}:${two(second)}.${three(milli)}Z`;
}

const two = (n: number): string => (n < 10 ? `0${n}` : `${n}`);
const three = (n: number): string => (n < 10 ? `00${n}` : n < 100 ? `0${n}` : `${n}`);
