import type { FastifyBaseLogger } from "fastify";
import type { Clock } from "../clock.js";
import type { Config } from "../config.js";
import type { Db } from "../db/client.js";
import type { Mailer, MailMessage } from "./message.js";
import { OutboxMailer } from "./outbox-mailer.js";
import { SmtpMailer } from "./smtp-mailer.js";

export type { Mailer, MailMessage } from "./message.js";

/** Production without SMTP_URL: nothing can be sent, and every attempt says so. */
export class UnavailableMailer implements Mailer {
  constructor(private readonly log: FastifyBaseLogger) {}

  async send(message: MailMessage): Promise<void> {
    this.log.warn({ subject: message.subject }, "e-mail not sent: SMTP_URL is not configured");
    throw new Error("No mail server is configured");
  }
}

/** True when mail goes to the development outbox (/dev/mail) instead of a mail server. */
export const usesOutbox = (config: Config): boolean => !config.smtpUrl && !config.isProduction;

/** The mailer the configuration asks for: SMTP when SMTP_URL is set, else the outbox, never silently in production. */
export function createMailer(config: Config, db: Db, clock: Clock, log: FastifyBaseLogger): Mailer {
  if (config.smtpUrl) return new SmtpMailer(config.smtpUrl, config.mailFrom);
  if (usesOutbox(config)) return new OutboxMailer(db, clock, log);
  log.warn("SMTP_URL is not set: invitation e-mails cannot be sent");
  return new UnavailableMailer(log);
}
