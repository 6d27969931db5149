import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyRequest } from 'fastify';
import { parse } from 'qs';

/**
 * Form bodies read with bracket notation (`line_items[0][price_data][currency]=gbp`) into nested
 * objects and arrays, as the payment processor's SDK encodes them; Nest's default parser keeps
 * such keys flat. Registered before init, so Nest does not install its own for the type.
 */
export function installFormParser(app: NestFastifyApplication): void {
  app.useBodyParser('application/x-www-form-urlencoded', {}, async (_request: FastifyRequest, body: Buffer) => parse(body.toString()));
}
