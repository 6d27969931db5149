import { TestPlatform, type TestUser } from '../platform.js';

// The blocks run in order on one platform: identity is killed, started again, then restarted.
describe('TestPlatform with identity in a process of its own', () => {
  let platform: TestPlatform;
  let user: TestUser;
  const login = async () => (await platform.web().post('/api/auth/login', { email: user.email, password: user.password })).status;

  beforeAll(async () => {
    platform = await TestPlatform.start({ processes: ['identity'] });
    user = await platform.newUser();
  });

  afterAll(() => platform?.close());

  describe('kill', () => {
    beforeAll(() => platform.kill('identity'));

    // Only "not 2xx": which error a dead service gets is the gateway's to decide.
    it('leaves a login without a successful answer', async () => {
      const status = await login();
      expect({ status, successful: status >= 200 && status < 300 }).toMatchObject({ successful: false });
    });
  });

  describe('startService after the kill', () => {
    beforeAll(() => platform.startService('identity'));

    it('signs the user in again', async () => {
      expect(await login()).toBe(200);
    });

    it('keeps the output of both runs', () => {
      expect(platform.logs('identity').match(/identity started/g)).toHaveLength(2);
    });
  });

  describe('restartService', () => {
    beforeAll(() => platform.restartService('identity'));

    it('signs the user in after the restart', async () => {
      expect(await login()).toBe(200);
    });
  });
});
