// Lets a child node process run the services' TypeScript sources the way Jest does (swc, the
// @platform/* aliases, `.js` imports of `.ts` files). Tests start agent runtimes with
// `node --import <this file> services/agent-runtime/src/main.ts`; production runs the built dist.
import { register } from 'node:module';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import path from 'node:path';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

if (!globalThis.__platformTsLoader) {
  globalThis.__platformTsLoader = true;
  register(import.meta.url, { data: { hooks: true } });
}

let swcOptions;

export async function initialize() {
  const swcrc = JSON.parse(readFileSync(path.join(ROOT, '.swcrc'), 'utf8'));
  delete swcrc.$schema;
  swcOptions = { ...swcrc, swcrc: false, sourceMaps: 'inline' };
}

export async function resolve(specifier, context, nextResolve) {
  const alias = /^@platform\/([^/]+)$/.exec(specifier);
  if (alias) return { url: pathToFileURL(path.join(ROOT, 'libs', alias[1], 'src', 'index.ts')).href, shortCircuit: true };
  if (specifier.startsWith('.') && specifier.endsWith('.js') && context.parentURL?.endsWith('.ts')) {
    const candidate = new URL(specifier.replace(/\.js$/, '.ts'), context.parentURL);
    if (existsSync(fileURLToPath(candidate))) return { url: candidate.href, shortCircuit: true };
  }
  return nextResolve(specifier, context);
}

export async function load(url, context, nextLoad) {
  if (!url.endsWith('.ts')) return nextLoad(url, context);
  const { transform } = await import('@swc/core');
  const filename = fileURLToPath(url);
  const { code } = await transform(readFileSync(filename, 'utf8'), { ...swcOptions, filename });
  return { format: 'module', source: code, shortCircuit: true };
}
