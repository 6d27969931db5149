import { jest } from '@jest/globals';
import type { Clock } from '../clock.service.js';
import { testSandboxConfig } from '../testing/test-sandbox-config.js';
import type { StripeEvent } from './stripe-event.model.js';
import type { WebhookSender } from './webhook-sender.service.js';
import { signWebhookPayload } from './webhook-signature.js';
import { Webhooks } from './webhooks.service.js';

const NOW = Date.parse('2026-03-01T12:00:00.000Z');

const event: StripeEvent = {
  id: 'evt_1',
  object: 'event',
  type: 'invoice.payment_failed',
  created: NOW / 1000,
  data: { object: {} },
  livemode: false,
  api_version: 'v',
};

describe('Webhooks', () => {
  let post: jest.Mock<WebhookSender['post']>;
  let sut: Webhooks;

  beforeEach(() => {
    post = jest.fn<WebhookSender['post']>().mockResolvedValue(204);
    const config = testSandboxConfig({ billingWebhookUrl: 'http://platform.test/hook', billingWebhookSecret: 'whsec_a' });
    const clock: Clock = { now: () => NOW };
    sut = new Webhooks(config, { post } as unknown as WebhookSender, clock);
  });

  it('posts the event as JSON, signed under both header names, and answers the status', async () => {
    const body = JSON.stringify(event);
    const signature = signWebhookPayload(body, 'whsec_a', NOW / 1000);

    expect(await sut.deliver(event)).toBe(204);

    expect(post).toHaveBeenCalledWith('http://platform.test/hook', body, {
      'content-type': 'application/json',
      'billing-signature': signature,
      'stripe-signature': signature,
    });
  });

  it('logs each delivery with its status, a missing answer as null', async () => {
    await sut.deliver(event);
    post.mockResolvedValueOnce(null);
    await sut.deliver(event);

    expect(sut.deliveries()).toEqual([
      { eventId: 'evt_1', type: 'invoice.payment_failed', url: 'http://platform.test/hook', status: 204, at: '2026-03-01T12:00:00.000Z' },
      { eventId: 'evt_1', type: 'invoice.payment_failed', url: 'http://platform.test/hook', status: null, at: '2026-03-01T12:00:00.000Z' },
    ]);
  });

  it('delivers to a new target, keeping the secret when none is given', async () => {
    sut.retarget('http://gateway.test/hook');

    await sut.deliver(event);

    expect(post).toHaveBeenCalledWith('http://gateway.test/hook', expect.any(String), expect.objectContaining({
      'billing-signature': signWebhookPayload(JSON.stringify(event), 'whsec_a', NOW / 1000),
    }));
  });

  describe('several endpoints', () => {
    const signedWith = (secret: string) => expect.objectContaining({ 'billing-signature': signWebhookPayload(JSON.stringify(event), secret, NOW / 1000) });

    it('delivers each event to every endpoint, each signed with its own secret', async () => {
      expect(sut.addTarget('http://platform.test/wallet', 'whsec_b')).toEqual({ urls: ['http://platform.test/hook', 'http://platform.test/wallet'] });

      await sut.deliver(event);

      expect(post).toHaveBeenCalledTimes(2);
      expect(post).toHaveBeenCalledWith('http://platform.test/hook', expect.any(String), signedWith('whsec_a'));
      expect(post).toHaveBeenCalledWith('http://platform.test/wallet', expect.any(String), signedWith('whsec_b'));
    });

    it('answers the first failure of any endpoint, else the first endpoint\'s status', async () => {
      sut.addTarget('http://platform.test/wallet');
      expect(await sut.deliver(event)).toBe(204);

      post.mockResolvedValueOnce(204).mockResolvedValueOnce(500);
      expect(await sut.deliver(event)).toBe(500);
    });

    it('adds a URL already there once, and PUT\'s retarget leaves only its endpoint', async () => {
      sut.addTarget('http://platform.test/wallet');
      expect(sut.addTarget('http://platform.test/wallet', 'whsec_c').urls).toEqual(['http://platform.test/hook', 'http://platform.test/wallet']);

      sut.retarget('http://gateway.test/hook');

      expect(sut.urls()).toEqual(['http://gateway.test/hook']);
    });
  });
});
