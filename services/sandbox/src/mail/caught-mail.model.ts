export interface CaughtMail {
  id: string;
  from: string;
  /** Every envelope recipient (To, Cc and Bcc alike): what the SMTP server was asked to deliver to. */
  to: string[];
  subject: string;
  text: string | null;
  html: string | null;
  receivedAt: string;
}
