import type { LoggerService } from '@nestjs/common';
import { isSpanContextValid, trace, TraceFlags, type Span } from '@opentelemetry/api';
import { pino, type Logger } from 'pino';

/** Never logged, wherever they appear in a log object. */
const REDACT = [
  'authorization', '*.authorization', 'headers.authorization', 'headers.cookie', '*.cookie',
  'password', '*.password', 'currentPassword', '*.currentPassword', 'newPassword', '*.newPassword',
  'apiKey', '*.apiKey', 'key', '*.key', 'token', '*.token',
];

export function createPino(service: string, level: string): Logger {
  return pino({ level, base: { service }, redact: { paths: REDACT, censor: '[redacted]' }, mixin: () => traceFields(trace.getActiveSpan()) });
}

/**
 * A line written while a recorded span is active names its trace and span, so a trace in the
 * collector leads to its log lines and back. A span sampled out leads nowhere (and a request sampled
 * out at the edge is carried as one trace shared by all of them): nothing is added, as without
 * tracing, where the API's no-op context has no span.
 * A fresh object each time: pino merges the line's fields into what the mixin returns.
 */
export function traceFields(span: Span | undefined): { traceId?: string; spanId?: string } {
  const ids = span?.spanContext();
  return ids && isSpanContextValid(ids) && ids.traceFlags & TraceFlags.SAMPLED ? { traceId: ids.traceId, spanId: ids.spanId } : {};
}

/** NestJS's logger interface over pino, so framework and our lines are the same JSON. */
export class PinoLogger implements LoggerService {
  constructor(readonly pino: Logger) {}

  log(message: unknown, context?: string) { this.write('info', message, context); }
  error(message: unknown, trace?: string, context?: string) { this.write('error', message, context, trace); }
  warn(message: unknown, context?: string) { this.write('warn', message, context); }
  debug(message: unknown, context?: string) { this.write('debug', message, context); }
  verbose(message: unknown, context?: string) { this.write('trace', message, context); }
  fatal(message: unknown, context?: string) { this.write('fatal', message, context); }

  private write(level: 'info' | 'error' | 'warn' | 'debug' | 'trace' | 'fatal', message: unknown, context?: string, trace?: string) {
    if (message !== null && typeof message === 'object') {
      this.pino[level]({ context, trace, ...(message as object) });
    } else {
      this.pino[level]({ context, trace }, String(message));
    }
  }
}
