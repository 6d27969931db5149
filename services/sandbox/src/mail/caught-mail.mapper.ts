import { randomUUID } from 'node:crypto';
import type { ParsedMail } from 'mailparser';
import type { SMTPServerEnvelope } from 'smtp-server';
import type { CaughtMail } from './caught-mail.model.js';

export function toCaughtMail(parsed: ParsedMail, envelope: SMTPServerEnvelope, receivedAt: Date): CaughtMail {
  const envelopeFrom = envelope.mailFrom ? envelope.mailFrom.address : '';
  return {
    id: randomUUID(),
    // The From header is what the recipient sees and what a service configures; the envelope
    // sender only stands in for a message that has none.
    from: parsed.from?.value[0]?.address ?? envelopeFrom,
    to: envelope.rcptTo.map((recipient) => recipient.address),
    subject: parsed.subject ?? '',
    text: parsed.text ?? null,
    html: parsed.html === false ? null : parsed.html,
    receivedAt: receivedAt.toISOString(),
  };
}
