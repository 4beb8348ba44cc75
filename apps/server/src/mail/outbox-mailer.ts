import type { FastifyBaseLogger } from "fastify";
import type { Clock } from "../clock.js";
import type { Db } from "../db/client.js";
import { outboxMessages } from "../db/schema/index.js";
import type { Mailer, MailMessage } from "./message.js";

/** Development without a mail server: keeps each e-mail for the outbox page at /dev/mail. */
export class OutboxMailer implements Mailer {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
  ) {}

  async send(message: MailMessage): Promise<void> {
    await this.db.insert(outboxMessages).values({
      recipient: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      createdAt: this.clock.now(),
    });
    // The link stays out of the log; the outbox page shows it.
    this.log.info(
      { to: message.to, subject: message.subject },
      "e-mail kept in the development outbox: /dev/mail",
    );
  }
}
