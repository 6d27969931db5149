import { lastWordsOf } from './runtime-answer.js';

describe('lastWordsOf', () => {
  it('is the last line, without the runtime\'s name', () => {
    expect(lastWordsOf('{"level":30,"msg":"booting"}\nagent-runtime: Invalid agent config: config.memoryRecall must be an integer from 0 to 50\n'))
      .toBe('Invalid agent config: config.memoryRecall must be an integer from 0 to 50');
  });

  it('is the error, not a stack frame, when the output ends with a stack', () => {
    const output = [
      'agent-runtime: failed to start: Error: listen EADDRINUSE: address already in use 127.0.0.1:45457',
      '    at Server.setupListenHandle [as _listen2] (node:net:1908:16)',
      '    at listenInCluster (node:net:1965:12)',
      '    at process.processTicksAndRejections (node:internal/process/task_queues:83:21)',
      '',
    ].join('\n');
    expect(lastWordsOf(output)).toBe('failed to start: Error: listen EADDRINUSE: address already in use 127.0.0.1:45457');
  });

  it('is the error when Node reports the crash itself', () => {
    const output = 'file:///app/main.js:3\nawait start();\n^\n\nError: boom\n    at start (file:///app/main.js:2:9)\n\nNode.js v20.20.2\n';
    expect(lastWordsOf(output)).toBe('Error: boom');
  });

  it('is undefined for an empty log', () => {
    expect(lastWordsOf('\n\n')).toBeUndefined();
  });
});
