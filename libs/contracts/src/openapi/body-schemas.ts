import { defaultMetadataStorage } from 'class-transformer/cjs/storage.js';
import { ValidationTypes } from 'class-validator';
import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata.js';
import { validationMetadatasToSchemas } from 'class-validator-jsonschema';
import type { JsonSchema } from './openapi-types.js';

export const SCHEMA_REF = '#/components/schemas/';

const PRIMITIVES = new Map<unknown, JsonSchema>([[String, { type: 'string' }], [Number, { type: 'number' }], [Boolean, { type: 'boolean' }]]);

/**
 * A custom rule (registerDecorator: spend caps, OpenAI message content, ...) says nothing a schema
 * can read. The library would point it at its TypeScript type, which for a union such as
 * `number | null` is `Object`, a schema no document has; the property's primitive type or "any" is
 * the honest answer, the rule's name telling the reader where to look.
 */
function customRule(meta: ValidationMetadata): JsonSchema {
  const type: unknown = typeof meta.target === 'function' ? Reflect.getMetadata('design:type', meta.target.prototype, meta.propertyName) : undefined;
  return { ...PRIMITIVES.get(type), ...(meta.name ? { description: `Checked by the ${meta.name} rule.` } : {}) };
}

/**
 * JSON Schemas of the given class-validator classes and of every class they nest, keyed by class
 * name, read from the decorators by class-validator-jsonschema (with class-transformer's `@Type`
 * for nested arrays). Only what the classes reach, sorted by name, so the document does not change
 * with import order or with unrelated classes (env, jobs, events) in the same metadata storage.
 */
export function bodySchemas(classes: ReadonlyArray<new () => object>): Record<string, JsonSchema> {
  const all = validationMetadatasToSchemas({
    classTransformerMetadataStorage: defaultMetadataStorage,
    refPointerPrefix: SCHEMA_REF,
    additionalConverters: { [ValidationTypes.CUSTOM_VALIDATION]: customRule },
  }) as Record<string, JsonSchema>;
  return reachedFrom(all, classes.map((target) => target.name));
}

/** The schemas of `roots` and of every schema they reference, sorted by name. */
export function reachedFrom(all: Readonly<Record<string, JsonSchema>>, roots: Iterable<string>): Record<string, JsonSchema> {
  const reached = new Set<string>();
  const visit = (name: string) => {
    if (reached.has(name) || !all[name]) return;
    reached.add(name);
    for (const ref of JSON.stringify(all[name]).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)) visit(ref[1]!);
  };
  for (const name of roots) visit(name);
  return Object.fromEntries([...reached].sort().map((name) => [name, all[name]!]));
}
