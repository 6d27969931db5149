import fc from 'fast-check';
import type { JsonSchema } from '@platform/contracts';

const REF = '#/components/schemas/';

/** Nested classes deeper than this get an empty object: the contracts nest two levels at most. */
const MAX_DEPTH = 4;

const num = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined);

/** A pattern fast-check can draw from, or undefined for one it cannot (lookarounds and the like). */
function matching(pattern: unknown): fc.Arbitrary<string> | undefined {
  if (typeof pattern !== 'string') return undefined;
  try {
    return fc.stringMatching(new RegExp(pattern));
  } catch {
    return undefined;
  }
}

function stringOf(schema: JsonSchema, words: readonly string[]): fc.Arbitrary<string> {
  if (schema['format'] === 'email') return fc.emailAddress();
  const min = num(schema['minLength']) ?? 0;
  const max = Math.min(num(schema['maxLength']) ?? 200, 200);
  const text = matching(schema['pattern']) ?? fc.oneof(fc.constantFrom(...words), fc.string({ unit: 'grapheme', maxLength: 40 }));
  return text.map((value) => value.padEnd(min, 'x').slice(0, Math.max(max, min)));
}

/**
 * Values a JSON Schema of the API document describes (libs/contracts/src/openapi): what the
 * document promises a route accepts, so the fuzz reaches past validation the way a client reading
 * the document would. Keywords it does not know leave the value to any JSON.
 */
export function schemaValue(schema: JsonSchema, components: Record<string, JsonSchema>, words: readonly string[], depth = 0): fc.Arbitrary<unknown> {
  const ref = schema['$ref'];
  if (typeof ref === 'string') return depth >= MAX_DEPTH ? fc.constant({}) : schemaValue(components[ref.replace(REF, '')] ?? {}, components, words, depth + 1);
  if (Array.isArray(schema['enum'])) return fc.constantFrom(...(schema['enum'] as unknown[]));
  const alternatives = (schema['anyOf'] ?? schema['oneOf']) as JsonSchema[] | undefined;
  if (alternatives?.length) return fc.oneof(...alternatives.map((item) => schemaValue(item, components, words, depth)));
  switch (schema['type']) {
    case 'string':
      return stringOf(schema, words);
    case 'integer':
      return fc.integer({ min: num(schema['minimum']) ?? -1_000, max: num(schema['maximum']) ?? 1_000_000 });
    case 'number':
      return fc.double({ min: num(schema['minimum']) ?? -1_000, max: num(schema['maximum']) ?? 1_000_000, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(schemaValue((schema['items'] as JsonSchema | undefined) ?? {}, components, words, depth + 1), {
        minLength: num(schema['minItems']) ?? 0,
        maxLength: Math.max(num(schema['minItems']) ?? 0, Math.min(num(schema['maxItems']) ?? 3, 3)),
      });
    case 'object':
      return objectOf(schema, components, words, depth);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Required properties always, the others half the time. */
function objectOf(schema: JsonSchema, components: Record<string, JsonSchema>, words: readonly string[], depth: number): fc.Arbitrary<Record<string, unknown>> {
  const properties = Object.entries((schema['properties'] ?? {}) as Record<string, JsonSchema>);
  const required = new Set((schema['required'] ?? []) as string[]);
  return fc.tuple(...properties.map(([name, property]) => {
    const value = schemaValue(property, components, words, depth + 1);
    return required.has(name) ? value : fc.option(value, { freq: 2, nil: undefined });
  })).map((values) => Object.fromEntries(properties.map(([name], index) => [name, values[index]]).filter(([, value]) => value !== undefined)));
}
