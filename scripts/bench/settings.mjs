// Numeric BENCH_* settings, read the same way by `npm run bench` and every scenario it starts with its
// own environment, so a value one accepts (BENCH_WARMUP=0) is not refused by the next.

/**
 * process.env[name] (or `source`, one item of a list it holds) as a number, or fallback when unset or
 * blank. It must be > 0, or >= 0 with allowZero, and whole with integer; anything else throws, naming the setting.
 */
export function setting(name, fallback, { integer = false, allowZero = false, source = process.env[name] } = {}) {
  const raw = source;
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  const valid = Number.isFinite(value) && (allowZero ? value >= 0 : value > 0) && (!integer || Number.isInteger(value));
  if (!valid) throw new Error(`${name} must be a ${integer ? 'whole ' : ''}number ${allowZero ? '>= 0' : '> 0'} (got "${raw}")`);
  return value;
}
