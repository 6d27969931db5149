import { getMetadataStorage } from 'class-validator';

type Lookup = ReturnType<typeof getMetadataStorage>['getTargetValidationMetadatas'];

let memoized = false;

/**
 * class-validator finds a class's rules by scanning every registered class on each validation, and
 * again for each nested object (typestack/class-validator#2686): with some 150 DTOs that scan was
 * most of the cost of checking a chat body. A class's own and inherited rules are all registered once
 * the class is defined, before anything can validate it, and a class defined later registers only its
 * own, so each answer is kept per class and options. Applied once to the process's one rule storage.
 */
export function memoizeRuleLookup(): void {
  if (memoized) return;
  memoized = true;
  const storage = getMetadataStorage();
  const scan: Lookup = storage.getTargetValidationMetadatas.bind(storage);
  const byTarget = new WeakMap<object, Map<string, ReturnType<Lookup>>>();
  storage.getTargetValidationMetadatas = (target, schema, always, strictGroups, groups) => {
    let answers = byTarget.get(target);
    if (!answers) byTarget.set(target, (answers = new Map()));
    const key = `${schema}\u0000${always}\u0000${strictGroups}\u0000${groups?.join('\u0000') ?? ''}`;
    let rules = answers.get(key);
    if (!rules) answers.set(key, (rules = scan(target, schema, always, strictGroups, groups)));
    return rules;
  };
}
