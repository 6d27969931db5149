// `node --import <this file> some.ts`: runs the repository's TypeScript in a child process the way
// Jest runs it in tests (swc with the root .swcrc, @platform/* from libs/*/src). Platform tests use
// it to start a service in a process of its own, one they can kill outright.
import { register } from 'node:module';

register('./ts-hooks.mjs', import.meta.url);
