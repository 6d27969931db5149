import { connect, type Msg, type NatsConnection } from '@nats-io/transport-node';
import { isStreamStarted, STREAM_SILENCE_MS, streamStarted, SUBJECTS, type Envelope, type Reply } from '@platform/contracts';
import { NatsStreamProducer } from '@platform/messaging';
import { postEventStream, TEST_INTERNAL_API_KEY, TestClient, TestPlatform } from '@platform/testing';

const chunk = (content: string) => JSON.stringify({ object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content }, finish_reason: null }] });

/** The edge's side of a streamed route, with this test standing in for the AI service over NATS. */
describe('StreamRelay (routes with streams: true)', () => {
  let platform: TestPlatform;
  let nats: NatsConnection;
  /** How the stand-in answers the next request: it gets the producer on the request's inbox. */
  let answer: (producer: NatsStreamProducer) => Reply | void;
  let received: Envelope[];
  const client = () => new TestClient(platform.backendUrl, { authorization: `Bearer ${TEST_INTERNAL_API_KEY}` });
  const chat = (body: object) => postEventStream(client(), '/api/ai/chat', { messages: [{ role: 'user', content: 'hi' }], ...body });

  beforeAll(async () => {
    platform = await TestPlatform.start();
    nats = await connect({ servers: platform.env.NATS_URL! });
    nats.subscribe(`${platform.env.NATS_PREFIX}${SUBJECTS.ai.chat}`, {
      callback: (_error, message: Msg) => {
        const { id, data } = message.json<{ id: string; data: Envelope }>();
        received.push(data);
        const producer = new NatsStreamProducer(nats, data.streamInbox ?? '_INBOX.none');
        void producer.ready().then(() => {
          const reply = answer(producer) ?? streamStarted();
          if (!isStreamStarted(reply)) producer.close();
          message.respond(JSON.stringify({ id, response: reply, isDisposed: true }));
        });
      },
    });
    await nats.flush();
  });

  beforeEach(() => {
    received = [];
  });

  afterAll(async () => {
    await nats?.close();
    await platform?.close();
  });

  it('names a fresh inbox in the envelope only when the body asks for a stream', async () => {
    answer = () => ({ status: 200, body: { whole: true } });
    await (await chat({})).json();
    await (await chat({ stream: true })).json();
    expect(received.map((envelope) => envelope.streamInbox)).toEqual([undefined, expect.stringMatching(/^_INBOX\./)]);
  });

  it('writes each chunk as an SSE event as it is published, then [DONE] at the end', async () => {
    let producer!: NatsStreamProducer;
    answer = (given) => {
      producer = given;
      producer.chunk(chunk('one'));
    };
    const opened = await chat({ stream: true });
    expect(opened.headers.get('content-type')).toBe('text/event-stream');
    expect(await opened.next()).toMatchObject({ choices: [{ delta: { content: 'one' } }] });
    producer.chunk(chunk('two'));
    expect(await opened.next()).toMatchObject({ choices: [{ delta: { content: 'two' } }] });
    producer.end();
    expect(await opened.rest()).toEqual(['[DONE]']);
  });

  it('writes the producer\'s error event and ends, without [DONE]', async () => {
    answer = (producer) => {
      producer.chunk(chunk('one'));
      producer.fail('{"error":{"message":"AI provider error"}}');
    };
    const events = await (await chat({ stream: true })).rest();
    expect(events).toEqual([expect.objectContaining({ object: 'chat.completion.chunk' }), { error: { message: 'AI provider error' } }]);
  });

  it('ends with an error event, not a hang, when the producer goes silent', async () => {
    answer = (producer) => {
      producer.chunk(chunk('one'));
      producer.close();
    };
    const opened = await chat({ stream: true });
    await opened.next();
    const started = Date.now();
    expect(await opened.rest()).toEqual([{ error: { message: 'Stream interrupted', type: 'server_error', param: null, code: null } }]);
    expect(Date.now() - started).toBeLessThan(STREAM_SILENCE_MS + 1000);
  });

  it('cancels the stream when the client hangs up', async () => {
    let producer!: NatsStreamProducer;
    answer = (given) => {
      producer = given;
      producer.chunk(chunk('one'));
    };
    const opened = await chat({ stream: true });
    await opened.next();
    await opened.cancel();
    await new Promise<void>((resolve) => (producer.cancelled.aborted ? resolve() : producer.cancelled.addEventListener('abort', () => resolve())));
    expect(producer.cancelled.aborted).toBe(true);
  });

  it('writes an error reply as ordinary JSON with its status', async () => {
    answer = () => ({ status: 429, body: { error: 'Monthly token quota exceeded' } });
    const opened = await chat({ stream: true });
    expect(opened.status).toBe(429);
    expect(opened.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await opened.json()).toEqual({ error: 'Monthly token quota exceeded' });
  });
});
