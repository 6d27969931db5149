// Module hooks for ts-loader.mjs (they run on Node's loader thread).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { transform } from '@swc/core';

const ROOT = path.resolve(import.meta.dirname, '../..');
const swcrc = JSON.parse(readFileSync(path.join(ROOT, '.swcrc'), 'utf8'));
delete swcrc.$schema;

export async function resolve(specifier, context, nextResolve) {
  const lib = /^@platform\/([a-z-]+)$/.exec(specifier);
  if (lib) return { url: pathToFileURL(path.join(ROOT, 'libs', lib[1], 'src', 'index.ts')).href, shortCircuit: true };
  if (specifier.startsWith('.') && specifier.endsWith('.js') && context.parentURL?.endsWith('.ts')) {
    const source = new URL(`${specifier.slice(0, -3)}.ts`, context.parentURL);
    if (existsSync(fileURLToPath(source))) return { url: source.href, shortCircuit: true };
  }
  return nextResolve(specifier, context);
}

export async function load(url, context, nextLoad) {
  if (!url.endsWith('.ts')) return nextLoad(url, context);
  const filename = fileURLToPath(url);
  const { code } = await transform(readFileSync(filename, 'utf8'), { ...swcrc, filename, sourceMaps: 'inline' });
  return { format: 'module', source: code, shortCircuit: true };
}
