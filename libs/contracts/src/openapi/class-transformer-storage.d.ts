// class-transformer ships this module's types under types/ only; the CommonJS file is the instance
// its decorators (`@Type`) write to, the same one Node and Jest load for `class-transformer`.
declare module 'class-transformer/cjs/storage.js' {
  export * from 'class-transformer/types/storage.js';
}
