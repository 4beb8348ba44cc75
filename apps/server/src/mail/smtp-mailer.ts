import nodemailer, { type Transporter } from "nodemailer";
import type { Mailer, MailMessage } from "./message.js";

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "::1", "localhost"]);
const TIMEOUT_MS = 10_000;

/** Transport options from `smtp[s]://user:pass@host:port`. */
export function smtpOptions(smtpUrl: string) {
  const url = new URL(smtpUrl);
  const secure = url.protocol === "smtps:";
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  const user = decodeURIComponent(url.username);
  const hasCredentials = user !== "";
  return {
    host,
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    auth: hasCredentials ? { user, pass: decodeURIComponent(url.password) } : undefined,
    // A local mail sink without credentials often offers STARTTLS with a certificate nobody trusts.
    ignoreTLS: !secure && !hasCredentials && LOOPBACK_HOSTS.has(host),
    connectionTimeout: TIMEOUT_MS,
    greetingTimeout: TIMEOUT_MS,
    socketTimeout: TIMEOUT_MS,
  };
}

/** Sends through the SMTP server of SMTP_URL. */
export class SmtpMailer implements Mailer {
  readonly #transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.#transport = nodemailer.createTransport(smtpOptions(smtpUrl));
  }

  async send(message: MailMessage): Promise<void> {
    await this.#transport.sendMail({ from: this.from, ...message });
  }

  async close(): Promise<void> {
    this.#transport.close();
  }
}
