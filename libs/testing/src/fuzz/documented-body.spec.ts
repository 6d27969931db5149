import fc from 'fast-check';
import { CHAT_ROLES, ROUTES } from '@platform/contracts';
import { documentedBody } from './documented-body.js';

const route = (surface: string, method: string, path: string) =>
  ROUTES.find((row) => row.surface === surface && row.method === method && row.path === path)!;

describe('documentedBody', () => {
  it('draws the bodies the API document gives a route, its required fields always there', () => {
    const sut = documentedBody(route('web', 'POST', '/api/register'), ['word'])!;

    for (const body of fc.sample(sut, { numRuns: 50, seed: 1 })) {
      const parsed = JSON.parse(body) as Record<string, unknown>;
      expect(typeof parsed['email']).toBe('string');
      expect(parsed['email']).toContain('@');
      expect(typeof parsed['password']).toBe('string');
    }
  });

  it('fills nested classes: a chat’s messages are objects with a role', () => {
    const sut = documentedBody(route('backend', 'POST', '/api/ai/chat'), ['word'])!;

    for (const body of fc.sample(sut, { numRuns: 30, seed: 1 })) {
      const { messages } = JSON.parse(body) as { messages: Array<Record<string, unknown>> };
      expect(messages.length).toBeGreaterThanOrEqual(1);
      for (const message of messages) expect(CHAT_ROLES).toContain(message['role']);
    }
  });

  it('gives nothing for a route the document gives no body', () => {
    expect(documentedBody(route('web', 'POST', '/api/agents/:id/start'), ['word'])).toBeUndefined();
  });
});
