/**
 * `date.toISOString()`, the same string, without its cost on every transition: the engine
 * stamps each transition, and `toISOString` (a call into the runtime) cost about as much as the
 * rest of a transition. The `YYYY-MM-DDTHH:MM:SS.` part is remembered for the last second seen
 * (its date part for the last day), so a stamp is that prefix plus one of a thousand `mmmZ`
 * tails: one small string instead of a chain of partial concatenations that every stamp would
 * keep alive. Anything unusual (an invalid date, a year outside 0000–9999) goes to `toISOString`
 * itself, so errors and extended years come out as they always did.
 */

const DAY_MS = 86_400_000;
const FIRST_MS = Date.parse('0000-01-01T00:00:00.000Z');
const LAST_MS = Date.parse('9999-12-31T23:59:59.999Z');
const TAILS = Array.from({ length: 1000 }, (_, milli) => `${String(milli).padStart(3, '0')}Z`);

/** The last day seen (days since the epoch) and its `YYYY-MM-DDT`. */
let cachedDay = Number.NaN;
let dayPrefix = '';
/** The last second seen (seconds since the epoch) and its `YYYY-MM-DDTHH:MM:SS.`. */
let cachedSecond = Number.NaN;
let secondPrefix = '';

export function isoTime(date: Date): string {
  const ms = date.getTime();
  if (!(ms >= FIRST_MS && ms <= LAST_MS)) return date.toISOString();
  const second = Math.floor(ms / 1000);
  if (second !== cachedSecond) {
    secondPrefix = prefixOf(date, ms);
    cachedSecond = second;
  }
  return secondPrefix + (TAILS[ms - second * 1000] as string);
}

function prefixOf(date: Date, ms: number): string {
  const day = Math.floor(ms / DAY_MS);
  if (day !== cachedDay) {
    dayPrefix = date.toISOString().slice(0, 11);
    cachedDay = day;
  }
  const seconds = Math.floor((ms - day * DAY_MS) / 1000);
  const s = seconds % 60;
  const m = ((seconds - s) / 60) % 60;
  const h = (seconds - s - m * 60) / 3600;
  return `${dayPrefix}${two(h)}:${two(m)}:${two(s)}.`;
}

const two = (n: number): string => (n < 10 ? `0${n}` : `${n}`);
