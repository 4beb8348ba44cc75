import { escapeHtml } from "@choir/contract";
import type { Language } from "../../http/language.js";
import type { MailMessage } from "../../mail/mailer.js";
import { oneLine } from "../../mail/message.js";
import { translateKey } from "../../shared/built-in-names.js";

export interface ReminderMailInput {
  to: string;
  firstName: string;
  choirName: string;
  /** The playlist's title (a built-in template name is translated), or null. */
  title: string | null;
  date: string;
  time: string | null;
  link: string;
  settingsLink: string;
}

const TEXTS = {
  en: {
    locale: "en-GB",
    quoted: (title: string) => `“${title}”`,
    untitled: "the service",
    subject: (when: string, choir: string) => `Are you singing on ${when}? · ${choir}`,
    greeting: (name: string) => (name ? `Hello ${name},` : "Hello,"),
    asked: (choir: string, title: string, when: string) =>
      `${choir} sings ${title} on ${when}, and you have not said yet whether you are singing.`,
    action: "Answer in one tap (no sign-in needed; the link answers once):",
    button: "Answer: yes, no or maybe",
    stop: "You get this reminder because your choir sends them. To stop them, turn reminders off in Settings:",
  },
  es: {
    locale: "es-ES",
    quoted: (title: string) => `«${title}»`,
    untitled: "el servicio",
    subject: (when: string, choir: string) => `¿Cantas el ${when}? · ${choir}`,
    greeting: (name: string) => (name ? `Hola, ${name}:` : "Hola:"),
    asked: (choir: string, title: string, when: string) =>
      `${choir} canta ${title} el ${when}, y aún no has dicho si cantas.`,
    action: "Responde con un toque (sin iniciar sesión; el enlace responde una vez):",
    button: "Responder: sí, no o quizá",
    stop: "Recibes este recordatorio porque tu coro los envía. Para no recibirlos, desactívalos en Ajustes:",
  },
} as const;

/** When the service is, in words: "Sunday 6 December, 09:00" / "domingo, 6 de diciembre, 09:00". */
function when(language: Language, date: string, time: string | null): string {
  const day = new Date(`${date}T00:00:00Z`).toLocaleDateString(TEXTS[language].locale, {
    weekday: "long",
    day: "numeric",
    month: "long",
    timeZone: "UTC",
  });
  return time ? `${day}, ${time}` : day;
}

/** The reminder e-mail in the choir's language: subject, plain text and simple HTML. */
export function reminderMail(language: Language, input: ReminderMailInput): MailMessage {
  const t = TEXTS[language];
  const choir = oneLine(input.choirName);
  const title = input.title ? t.quoted(oneLine(translateKey(input.title, language))) : t.untitled;
  const at = when(language, input.date, input.time);
  const text = [
    t.greeting(oneLine(input.firstName)),
    "",
    t.asked(choir, title, at),
    "",
    t.action,
    input.link,
    "",
    t.stop,
    input.settingsLink,
    "",
  ].join("\n");
  const link = escapeHtml(input.link);
  const html = `<!doctype html>
<html lang="${language}">
<body style="font-family: Arial, sans-serif; color: #1f2937; line-height: 1.5">
<p>${escapeHtml(t.greeting(oneLine(input.firstName)))}</p>
<p>${escapeHtml(t.asked(choir, title, at))}</p>
<p><a href="${link}" style="display: inline-block; background: #1c5d99; color: #ffffff; padding: 10px 18px; border-radius: 6px; text-decoration: none">${escapeHtml(t.button)}</a></p>
<p>${escapeHtml(t.action)}<br><a href="${link}">${link}</a></p>
<p>${escapeHtml(t.stop)}<br><a href="${escapeHtml(input.settingsLink)}">${escapeHtml(input.settingsLink)}</a></p>
</body>
</html>
`;
  return { to: input.to, subject: oneLine(t.subject(at, choir)), text, html };
}
