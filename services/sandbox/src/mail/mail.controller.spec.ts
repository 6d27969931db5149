import { createTransport, type Transporter } from 'nodemailer';
import { startSandbox, type RunningSandbox } from '../sandbox.js';
import type { CaughtMail } from './caught-mail.model.js';

describe('MailController', () => {
  let sandbox: RunningSandbox;
  let smtp: Transporter;

  beforeAll(async () => {
    sandbox = await startSandbox({ httpPort: 0, smtpPort: 0 });
    smtp = createTransport({ host: '127.0.0.1', port: sandbox.smtpPort, secure: false });
  });

  afterAll(async () => {
    smtp.close();
    await sandbox.close();
  });

  beforeEach(async () => {
    await fetch(`${sandbox.url}/mail/messages`, { method: 'DELETE' });
  });

  const list = async (query = '') => {
    const response = await fetch(`${sandbox.url}/mail/messages${query}`);
    return { status: response.status, body: (await response.json()) as { messages: CaughtMail[] } };
  };

  describe('GET /mail/messages', () => {
    it('returns a message received over SMTP with its sender, recipients, subject, text and html', async () => {
      const before = Date.now();
      await smtp.sendMail({
        from: '"Platform" <no-reply@platform.test>',
        to: 'alice@example.test',
        cc: 'carol@example.test',
        subject: 'Verify your email',
        text: 'Your code is 123456',
        html: '<p>Your code is <b>123456</b></p>',
      });

      const { status, body } = await list();

      expect(status).toBe(200);
      expect(body).toEqual({
        messages: [
          {
            id: expect.any(String),
            from: 'no-reply@platform.test',
            to: ['alice@example.test', 'carol@example.test'],
            subject: 'Verify your email',
            text: 'Your code is 123456',
            html: '<p>Your code is <b>123456</b></p>',
            receivedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
          },
        ],
      });
      expect(Date.parse(body.messages[0].receivedAt)).toBeGreaterThanOrEqual(before - 1000);
    });

    it('returns null text and html for the parts a message does not have', async () => {
      await smtp.sendMail({ from: 'a@example.test', to: 'b@example.test', subject: 'Plain', text: 'only text' });

      const { body } = await list();

      expect(body.messages[0].html).toBeNull();
      expect(body.messages[0].text?.trim()).toBe('only text');
    });

    it('lists messages newest first', async () => {
      for (const subject of ['first', 'second', 'third']) {
        await smtp.sendMail({ from: 'a@example.test', to: 'b@example.test', subject, text: subject });
      }

      const { status, body } = await list();

      expect(status).toBe(200);
      expect(body.messages.map((message) => message.subject)).toEqual(['third', 'second', 'first']);
    });

    it('filters by recipient, ignoring case', async () => {
      await smtp.sendMail({ from: 'a@example.test', to: 'Alice@example.test', subject: 'for alice', text: '.' });
      await smtp.sendMail({ from: 'a@example.test', to: 'bob@example.test', subject: 'for bob', text: '.' });

      const { status, body } = await list('?to=ALICE%40example.TEST');

      expect(status).toBe(200);
      expect(body.messages).toHaveLength(1);
      expect(body.messages[0]).toMatchObject({ subject: 'for alice', to: ['Alice@example.test'] });
    });

    it('finds a message by a Bcc recipient, who is on the envelope but not in the headers', async () => {
      await smtp.sendMail({ from: 'a@example.test', to: 'b@example.test', bcc: 'audit@example.test', subject: 'bcc', text: '.' });

      const { body } = await list('?to=audit@example.test');

      expect(body.messages).toHaveLength(1);
      expect(body.messages[0].to).toEqual(['b@example.test', 'audit@example.test']);
    });

    it('returns an empty list when nothing was sent to the recipient', async () => {
      await smtp.sendMail({ from: 'a@example.test', to: 'b@example.test', subject: 'x', text: '.' });

      const { status, body } = await list('?to=nobody@example.test');

      expect(status).toBe(200);
      expect(body).toEqual({ messages: [] });
    });

    it('returns 400 when to is given twice', async () => {
      const response = await fetch(`${sandbox.url}/mail/messages?to=a@example.test&to=b@example.test`);

      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ message: 'to may be given once' });
    });
  });

  describe('DELETE /mail/messages', () => {
    it('removes every message', async () => {
      await smtp.sendMail({ from: 'a@example.test', to: 'b@example.test', subject: 'x', text: '.' });

      const response = await fetch(`${sandbox.url}/mail/messages`, { method: 'DELETE' });

      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ ok: true });
      expect((await list()).body).toEqual({ messages: [] });
    });
  });
});
