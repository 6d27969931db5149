import fc from 'fast-check';
import type { ContractFields } from './contract-fields.js';
import { contractBody } from './contract-values.js';

/** Numbers JSON can spell but JavaScript cannot hold, or that sit on a bound somewhere. */
const AWKWARD_NUMBERS = [
  '1e400', '-1e400', '-0', '1e-400', '9007199254740993', '123456789012345678901234567890',
  '2147483648', '-2147483649', '0.1', '1.5', '-1', '0', '200001', '1e21',
];

/** Keys that reach the prototype chain when copied carelessly. */
export const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf'];

/** Text a JSON content type promises but does not hold, and edge cases of what JSON.parse accepts. */
const MALFORMED = [
  '{', '}', '[', '{"a":', '{"a":1,}', '[1,]', '{"a":1}x', "{'a':1}", '{a:1}', 'NaN', 'Infinity', 'undefined',
  '01', '+1', '0x10', '"unterminated', '"\\x"', '\u0000', '\ufeff{}', '/* */{}', '{"a":"\\ud800"}', ' ', '\n',
  'null', 'true', '[]', '""', '"text"', '{"__proto__":{"isAdmin":true}}', '{"constructor":{"prototype":{"x":1}}}',
];

export interface JsonVocabulary {
  /** Object keys and values worth trying: the contracts' fields and their rules. */
  contract: ContractFields;
  /** String values worth trying (enum values, real ids, emails). */
  words: readonly string[];
}

/** Values no field should take: a wrong type, a NUL, a lone surrogate, a bound just passed. */
const POISON: unknown[] = [null, '', ' ', '\u0000', 'a\u0000b', '\ud800', 'x'.repeat(5_000), -1, 0, 1e308, -1e308, 2 ** 53 + 1, 0.5, true, [], {}, [null], { '': null }];

type JsonKinds = { value: string; array: string; object: string };

/** Strings as a client might send them: readable, any code point, meaningful words, odd ones. */
export function fuzzText(words: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
    { weight: 4, arbitrary: fc.constantFrom(...words) },
    { weight: 1, arbitrary: fc.constantFrom('', ' ', '\u0000', '\u202e\u200b', '😀'.repeat(40), 'é'.repeat(300), 'x'.repeat(5_000)) },
  );
}

/**
 * JSON text, built as text so that keys such as `__proto__` and repeated keys reach the server as
 * written (a JavaScript object would swallow both).
 */
export function fuzzJson(vocabulary: JsonVocabulary): { value: fc.Arbitrary<string>; object: fc.Arbitrary<string> } {
  const scalar = fc.oneof(
    fc.constantFrom('null', 'true', 'false'),
    fc.integer().map(String),
    fc.double({ noNaN: true, noDefaultInfinity: true }).map((number) => JSON.stringify(number)),
    fc.constantFrom(...AWKWARD_NUMBERS),
    fuzzText(vocabulary.words).map((text) => JSON.stringify(text)),
  );
  const key = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...vocabulary.contract.names) },
    { weight: 1, arbitrary: fc.constantFrom(...PROTOTYPE_KEYS) },
    { weight: 1, arbitrary: fc.string({ maxLength: 20 }) },
  );
  const { value, object } = fc.letrec<JsonKinds>((tie) => ({
    value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, scalar, tie('array'), tie('object')),
    array: fc.array(tie('value'), { maxLength: 4 }).map((items) => `[${items.join(',')}]`),
    object: fc.array(fc.tuple(key, tie('value')), { maxLength: 6 })
      .map((entries) => `{${entries.map(([name, item]) => `${JSON.stringify(name)}:${item}`).join(',')}}`),
  }));
  return { value, object };
}

/** One change that should get a body refused: a value a field should not take, or a NUL after one of its strings. */
type Spoiler = { field: string; poison: unknown } | { nulAfterString: number };

const spoil = (body: Record<string, unknown>, spoiler: Spoiler | null): Record<string, unknown> => {
  if (!spoiler) return body;
  if ('poison' in spoiler) return { ...body, [spoiler.field]: spoiler.poison };
  const strings = Object.keys(body).filter((name) => typeof body[name] === 'string');
  const field = strings[spoiler.nulAfterString % Math.max(strings.length, 1)];
  return field ? { ...body, [field]: `${body[field] as string}\u0000` } : body;
};

/**
 * A body most services accept, half the time with one spoiler: PostgreSQL refuses a NUL that
 * class-validator lets through, and edge values find the rules a DTO lacks.
 */
function nearlyValid(vocabulary: JsonVocabulary): fc.Arbitrary<string> {
  const field = fc.constantFrom(...vocabulary.contract.names);
  const poison = fc.oneof(fc.constantFrom(...POISON), fc.jsonValue({ maxDepth: 3 }), fuzzText(vocabulary.words));
  const spoiler: fc.Arbitrary<Spoiler> = fc.oneof(
    fc.record({ field, poison }),
    fc.record({ nulAfterString: fc.nat() }),
  );
  return fc.tuple(contractBody(vocabulary.contract, vocabulary.words), fc.option(spoiler))
    .map(([body, chosen]) => JSON.stringify(spoil(body, chosen)));
}

/** A request body sent with a JSON content type: mostly objects of the contracts' fields, sometimes anything but. */
export function fuzzBody(vocabulary: JsonVocabulary): fc.Arbitrary<string> {
  const { value, object } = fuzzJson(vocabulary);
  // Not closer under the limit than 1,000,000: with large forwarded headers the envelope outgrows
  // NATS's max_payload, a 500 only the messaging library can answer (edge.platform.spec.ts, it.failing).
  const huge = fc.tuple(fc.constantFrom(...vocabulary.contract.names), fc.constantFrom(100_000, 1_000_000, 1_100_000))
    .map(([name, length]) => `{${JSON.stringify(name)}:"${'a'.repeat(length)}"}`);
  const deep = fc.tuple(fc.constantFrom(['[', ']'], ['{"a":', '}']), fc.constantFrom(64, 1_000, 10_000, 100_000))
    .map(([[open, close], depth]) => `${open.repeat(depth)}1${close.repeat(depth)}`);
  return fc.oneof(
    { weight: 10, arbitrary: nearlyValid(vocabulary) },
    { weight: 3, arbitrary: object },
    { weight: 3, arbitrary: value },
    { weight: 2, arbitrary: fc.oneof(fc.constantFrom(...MALFORMED), fc.string({ maxLength: 40 })) },
    { weight: 1, arbitrary: huge },
    { weight: 1, arbitrary: deep },
  );
}
