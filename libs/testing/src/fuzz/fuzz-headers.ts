import fc from 'fast-check';
import type { RouteDef } from '@platform/contracts';

/** What Node lets a header value carry: tab, printable ASCII and the upper half of latin1. */
const HEADER_SAFE = /^[\t\x20-\x7e\x80-\xff]*$/;
const latin1 = fc.integer({ min: 0x20, max: 0xff }).filter((code) => code !== 0x7f).map((code) => String.fromCharCode(code));

/** A header sent once or repeated (the server then sees the values joined). */
const onceOrRepeated = (value: fc.Arbitrary<string>) =>
  fc.oneof({ weight: 4, arbitrary: value }, { weight: 1, arbitrary: fc.array(value, { minLength: 2, maxLength: 3 }) });

/**
 * Request headers: the route's forwarded ones and the hinted ones each half the time (hinted
 * values half of that), so a request often carries what the service reads, plus a few others.
 * Values are meaningful words, empty, any latin1 text or far too long.
 */
export function fuzzHeaders(
  route: RouteDef,
  words: readonly string[],
  others: readonly string[],
  hints: Readonly<Record<string, readonly string[]>>,
): fc.Arbitrary<Record<string, string | string[]>> {
  const value = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...words.filter((word) => HEADER_SAFE.test(word))) },
    { weight: 1, arbitrary: fc.constant('') },
    { weight: 2, arbitrary: fc.string({ unit: latin1, maxLength: 40 }) },
    { weight: 1, arbitrary: fc.constantFrom(256, 300, 8_000).map((length) => 'x'.repeat(length)) },
  );
  const hinted = (name: string) => onceOrRepeated(hints[name] ? fc.oneof(fc.constantFrom(...hints[name]), value) : value);
  const usual = [...new Set([...(route.headers ?? []), ...Object.keys(hints)])]
    .map((name) => fc.option(hinted(name), { freq: 2, nil: undefined }).map((chosen) => [name, chosen] as const));
  return fc.tuple(fc.dictionary(fc.constantFrom(...others), onceOrRepeated(value), { maxKeys: 4 }), ...usual)
    .map(([some, ...own]) => {
      const merged: Record<string, string | string[]> = { ...some };
      for (const [name, chosen] of own) if (chosen !== undefined) merged[name] = chosen;
      return merged;
    });
}
