import { getMetadataStorage } from 'class-validator';
import * as contracts from '@platform/contracts';

/** One class-validator rule: `isString`, `maxLength` with [64], `isIn` with [values]... */
export interface FieldRule {
  name: string;
  constraints: unknown[];
}

export interface ContractFields {
  /** Every property a contract class validates: body fields, query fields, nested items. */
  names: string[];
  /** Every value an `@IsIn` rule allows. */
  allowedValues: string[];
  /** Per property name, the rules of each class that has it (a name may mean different things in two classes). */
  rules: Map<string, FieldRule[][]>;
}

/**
 * What the wire's own classes say a request may carry, read from their class-validator rules, so a
 * field added to a DTO in libs/contracts is fuzzed without a change here.
 */
export function contractFields(): ContractFields {
  const storage = getMetadataStorage();
  const rules = new Map<string, FieldRule[][]>();
  const allowedValues = new Set<string>();
  for (const exported of Object.values(contracts)) {
    if (typeof exported !== 'function') continue;
    const byProperty = new Map<string, FieldRule[]>();
    for (const rule of storage.getTargetValidationMetadatas(exported, '', true, false)) {
      const name = rule.name ?? rule.type;
      byProperty.set(rule.propertyName, [...(byProperty.get(rule.propertyName) ?? []), { name, constraints: rule.constraints ?? [] }]);
      if (name === 'isIn') {
        for (const value of (rule.constraints?.[0] ?? []) as unknown[]) if (typeof value === 'string') allowedValues.add(value);
      }
    }
    for (const [property, own] of byProperty) rules.set(property, [...(rules.get(property) ?? []), own]);
  }
  return { names: [...rules.keys()].sort(), allowedValues: [...allowedValues].sort(), rules };
}
