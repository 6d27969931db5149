import { isCrossSiteWrite } from './cross-site.js';

describe('isCrossSiteWrite', () => {
  it.each([
    ['GET', { 'sec-fetch-site': 'cross-site' }, false],
    ['POST', { 'sec-fetch-site': 'cross-site' }, true],
    ['POST', { 'sec-fetch-site': 'same-origin' }, false],
    ['POST', { 'sec-fetch-site': 'same-site' }, false],
    ['DELETE', { origin: 'https://evil.example', host: 'app.example' }, true],
    ['POST', { origin: 'https://app.example', host: 'app.example' }, false],
    ['POST', { origin: 'null', host: 'app.example' }, true],
    ['POST', { host: 'app.example' }, false],
  ])('%s with %j -> %s', (method, headers, expected) => {
    expect(isCrossSiteWrite(method, headers, [])).toBe(expected);
  });

  it('lets a trusted origin through', () => {
    expect(isCrossSiteWrite('POST', { origin: 'https://ui.example', host: 'api.example', 'sec-fetch-site': 'cross-site' }, ['https://ui.example'])).toBe(false);
  });
});
