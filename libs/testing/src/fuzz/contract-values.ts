import fc from 'fast-check';
import type { ContractFields, FieldRule } from './contract-fields.js';

type Leaf = fc.Arbitrary<Record<string, unknown>>;

const constraint = (rules: FieldRule[], name: string, index = 0): unknown =>
  rules.find((rule) => rule.name === name)?.constraints[index];

const number = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined);

/** A string that keeps the rules: a meaningful word or any text, padded or cut to the lengths allowed. */
function ruledString(rules: FieldRule[], words: readonly string[]): fc.Arbitrary<string> {
  const pattern = constraint(rules, 'matches') as RegExp | undefined;
  const min = Math.max(number(constraint(rules, 'minLength')) ?? 0, number(constraint(rules, 'isLength')) ?? 0, rules.some((rule) => rule.name === 'isNotEmpty') ? 1 : 0);
  const max = Math.min(number(constraint(rules, 'maxLength')) ?? Infinity, number(constraint(rules, 'isLength', 1)) ?? Infinity, 200);
  return (pattern ? fc.stringMatching(pattern) : fc.oneof(fc.constantFrom(...words), fc.string({ unit: 'grapheme', maxLength: 40 })))
    .map((text) => text.padEnd(min, 'x').slice(0, max))
    .filter((text) => !pattern || pattern.test(text));
}

/** A value that keeps one class's rules for a property (arrays hold `leaf` objects: chat messages and the like). */
function ruledValue(rules: FieldRule[], words: readonly string[], leaf: Leaf | undefined): fc.Arbitrary<unknown> {
  const has = (name: string) => rules.some((rule) => rule.name === name);
  const min = number(constraint(rules, 'min'));
  const max = number(constraint(rules, 'max'));
  if (has('isIn')) return fc.constantFrom(...(constraint(rules, 'isIn') as unknown[]));
  if (has('isEmail')) return fc.oneof(fc.emailAddress(), fc.constantFrom(...words.filter((word) => word.includes('@'))));
  if (has('isUuid')) return fc.uuid();
  if (has('isBoolean')) return fc.boolean();
  if (has('isInt')) return fc.integer({ min: min ?? -1_000, max: max ?? 1_000_000 });
  if (has('isNumber')) return fc.double({ min: min ?? -1_000, max: max ?? 1_000_000, noNaN: true });
  if (has('isIso8601')) return fc.date({ noInvalidDate: true, min: new Date(0), max: new Date(4e12) }).map((date) => date.toISOString());
  if (has('isUrl')) return fc.webUrl();
  if (has('isObject')) return fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 });
  if (has('isArray')) return fc.array(leaf ?? fc.constant({}), { minLength: has('arrayNotEmpty') ? 1 : 0, maxLength: 3 });
  return ruledString(rules, words);
}

/** Each property present half the time (every time in `always`), holding a value some contract class accepts for it. */
function objectOf(fields: ReadonlyArray<[string, fc.Arbitrary<unknown>]>, always = false): Leaf {
  return fc.tuple(...fields.map(([, value]) => (always ? value : fc.option(value, { freq: 2, nil: undefined }))))
    .map((values) => Object.fromEntries(fields.map(([name], index) => [name, values[index]]).filter(([, value]) => value !== undefined)));
}

/**
 * Built once per contract and vocabulary: building it (a string arbitrary for every pattern of every
 * contract field) took some 0.7 s, once per route for its body and again for its query, most of the
 * route fuzz's time. Arbitraries hold no state, so one serves every route with the same values.
 */
const built = new WeakMap<ContractFields, WeakMap<readonly string[], Leaf>>();

/**
 * An object with the contracts' fields, each valid for some class that has it. DTOs ignore what
 * they do not name, so such a body often gets past a route's validation into its service and
 * database, where a NUL or an edge value finds what validation let through. Items of arrays carry
 * every scalar field, so a chat message has both its role and its content.
 */
export function contractBody(contract: ContractFields, words: readonly string[]): Leaf {
  const forContract = built.get(contract) ?? new WeakMap<readonly string[], Leaf>();
  built.set(contract, forContract);
  const body = forContract.get(words) ?? buildContractBody(contract, words);
  forContract.set(words, body);
  return body;
}

function buildContractBody(contract: ContractFields, words: readonly string[]): Leaf {
  const valueOf = (leaf: Leaf | undefined) => (name: string): [string, fc.Arbitrary<unknown>] =>
    [name, fc.oneof(...contract.rules.get(name)!.map((rules) => ruledValue(rules, words, leaf)))];
  const scalar = (name: string) => contract.rules.get(name)!.every((rules) => !rules.some((rule) => rule.name === 'isArray' || rule.name === 'isObject'));
  const leaf = objectOf(contract.names.filter(scalar).map(valueOf(undefined)), true);
  return objectOf(contract.names.map(valueOf(leaf)));
}
