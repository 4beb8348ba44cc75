import { escapeHtml } from "@choir/contract";
import type { Language } from "../../http/language.js";
import type { MailMessage } from "../../mail/mailer.js";
import { oneLine } from "../../mail/message.js";

export interface InvitationMailInput {
  to: string;
  choirName: string;
  inviterName: string;
  link: string;
  expiresAt: Date;
}

const TEXTS = {
  en: {
    locale: "en-GB",
    subject: (inviter: string, choir: string) => `${inviter} invited you to join ${choir} on Choir App`,
    greeting: "Hello,",
    invited: (inviter: string, choir: string) =>
      `${inviter} has invited you to join the choir “${choir}” on Choir App.`,
    action: "Open this link to accept the invitation:",
    button: "Accept the invitation",
    expiry: (date: string) => `The invitation expires on ${date}.`,
    ignore: "If you were not expecting this invitation, you can ignore this e-mail.",
  },
  es: {
    locale: "es-ES",
    subject: (inviter: string, choir: string) => `${inviter} te ha invitado a unirte a ${choir} en Choir App`,
    greeting: "Hola:",
    invited: (inviter: string, choir: string) =>
      `${inviter} te ha invitado a unirte al coro «${choir}» en Choir App.`,
    action: "Abre este enlace para aceptar la invitación:",
    button: "Aceptar la invitación",
    expiry: (date: string) => `La invitación caduca el ${date}.`,
    ignore: "Si no esperabas esta invitación, puedes ignorar este correo.",
  },
} as const;

/** The invitation e-mail in the inviter's language: subject, plain text and simple HTML. */
export function invitationMail(language: Language, input: InvitationMailInput): MailMessage {
  const t = TEXTS[language];
  const inviter = oneLine(input.inviterName);
  const choir = oneLine(input.choirName);
  const date = input.expiresAt.toLocaleDateString(t.locale, { dateStyle: "long", timeZone: "UTC" });
  const text = [
    t.greeting,
    "",
    t.invited(inviter, choir),
    "",
    t.action,
    input.link,
    "",
    t.expiry(date),
    t.ignore,
    "",
  ].join("\n");
  const link = escapeHtml(input.link);
  const html = `<!doctype html>
<html lang="${language}">
<body style="font-family: Arial, sans-serif; color: #1f2937; line-height: 1.5">
<p>${escapeHtml(t.greeting)}</p>
<p>${escapeHtml(t.invited(inviter, choir))}</p>
<p><a href="${link}" style="display: inline-block; background: #4f46e5; color: #ffffff; padding: 10px 18px; border-radius: 6px; text-decoration: none">${escapeHtml(t.button)}</a></p>
<p>${escapeHtml(t.action)}<br><a href="${link}">${link}</a></p>
<p>${escapeHtml(t.expiry(date))}<br>${escapeHtml(t.ignore)}</p>
</body>
</html>
`;
  return { to: input.to, subject: t.subject(inviter, choir), text, html };
}
