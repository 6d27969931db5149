import 'reflect-metadata';
import { getMetadataStorage, IsInt, IsString, MinLength, validateSync } from 'class-validator';
import { memoizeRuleLookup } from './rule-lookup.js';

class Base {
  @IsString() name!: string;
}

class Derived extends Base {
  @IsInt() count!: number;
  @MinLength(3, { groups: ['strict'] }) code!: string;
}

const storage = getMetadataStorage();
const propertiesOf = (target: Function, groups?: string[]) =>
  storage.getTargetValidationMetadatas(target, '', false, false, groups).map((rule) => `${rule.propertyName}:${rule.name ?? rule.type}`).sort();

describe('memoizeRuleLookup (class-validator\'s rules per class, scanned once)', () => {
  const lookups = () => ({ base: propertiesOf(Base), derived: propertiesOf(Derived), other: propertiesOf(Derived, ['other']), strict: propertiesOf(Derived, ['strict']) });
  const scanned = lookups();

  beforeAll(() => memoizeRuleLookup());

  it('answers as the scan does: own rules, inherited rules, and rules of a group only when asked', () => {
    expect(lookups()).toEqual(scanned);
    expect(scanned).toEqual({
      base: ['name:isString'], derived: ['code:minLength', 'count:isInt', 'name:isString'], other: [], strict: ['code:minLength'],
    });
  });

  it('keeps one answer per class and options instead of scanning again', () => {
    const first = storage.getTargetValidationMetadatas(Derived, '', false, false);
    expect(storage.getTargetValidationMetadatas(Derived, '', false, false)).toBe(first);
    expect(storage.getTargetValidationMetadatas(Derived, '', false, false, ['strict'])).not.toBe(first);
  });

  it('sees a class defined after it was applied', () => {
    class Later extends Derived {
      @IsString() label!: string;
    }
    const later = Object.assign(new Later(), { name: 'n', count: 1, code: 'abc', label: 2 });

    expect(validateSync(later).map((error) => error.property)).toEqual(['label']);
  });
});
