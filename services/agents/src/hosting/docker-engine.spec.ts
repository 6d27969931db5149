import { demuxLog, engineOptions } from './docker-engine.js';

describe('engineOptions', () => {
  it('uses the local socket when DOCKER_HOST is empty', () => {
    expect(engineOptions('')).toEqual({ socketPath: '/var/run/docker.sock' });
  });

  it('takes a unix socket path', () => {
    expect(engineOptions('unix:///run/user/1000/docker.sock')).toEqual({ socketPath: '/run/user/1000/docker.sock' });
  });

  it('takes a tcp address as plain HTTP, port 2375 when none is given', () => {
    expect(engineOptions('tcp://10.0.0.5:2376')).toEqual({ protocol: 'http', host: '10.0.0.5', port: '2376' });
    expect(engineOptions('tcp://engine.internal')).toEqual({ protocol: 'http', host: 'engine.internal', port: '2375' });
  });
});

describe('demuxLog', () => {
  const frame = (stream: number, text: string) => {
    const header = Buffer.alloc(8);
    header.writeUInt8(stream, 0);
    header.writeUInt32BE(Buffer.byteLength(text), 4);
    return Buffer.concat([header, Buffer.from(text)]);
  };

  it('joins stdout and stderr frames in order, without their headers', () => {
    expect(demuxLog(Buffer.concat([frame(1, 'booting\n'), frame(2, 'agent-runtime: bad config\n')]))).toBe('booting\nagent-runtime: bad config\n');
  });

  it('reads an empty log as empty text', () => {
    expect(demuxLog(Buffer.alloc(0))).toBe('');
  });
});
