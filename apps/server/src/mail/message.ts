/** What every mail transport sends, and the one method each offers. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Sends one e-mail; rejects when it could not be handed to the mail server. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close?(): Promise<void>;
}

/** Header-safe text: a name with line breaks must not spill into other headers. */
export const oneLine = (value: string) => value.replace(/\s+/g, " ").trim();
