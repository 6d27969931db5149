import { PasswordHasher } from './password-hasher.js';

describe('PasswordHasher', () => {
  const sut = new PasswordHasher();

  it('verifies the password it hashed', async () => {
    expect(await sut.verify('correct horse', await sut.hash('correct horse'))).toBe(true);
  });

  it('rejects another password', async () => {
    expect(await sut.verify('wrong horse', await sut.hash('correct horse'))).toBe(false);
  });

  it('tells apart passwords that share their first 72 bytes', async () => {
    const long = 'x'.repeat(100);
    expect(await sut.verify(`${long}a`, await sut.hash(`${long}b`))).toBe(false);
  });

  it('rejects every password when there is no stored hash', async () => {
    expect(await sut.verify('anything', null)).toBe(false);
  });
});
