import { readSiteverifyRequest } from './siteverify-request.dto.js';

describe('readSiteverifyRequest', () => {
  it('reads the string fields', () => {
    expect(readSiteverifyRequest({ secret: 's', response: 'r', remoteip: '203.0.113.7' })).toEqual({
      secret: 's',
      response: 'r',
      remoteip: '203.0.113.7',
    });
  });

  it.each([undefined, null, 'text', 42])('treats a %p body as having no fields', (body) => {
    expect(readSiteverifyRequest(body)).toEqual({ secret: undefined, response: undefined, remoteip: undefined });
  });

  it('treats an empty or non-string field as missing', () => {
    expect(readSiteverifyRequest({ secret: '', response: 42 })).toEqual({
      secret: undefined,
      response: undefined,
      remoteip: undefined,
    });
  });
});
