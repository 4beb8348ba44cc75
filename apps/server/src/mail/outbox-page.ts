import { ErrorBody, escapeHtml } from "@choir/contract";
import { desc } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { outboxMessages } from "../db/schema/index.js";
import { loopbackOnly } from "../http/loopback.js";

const SHOWN_MESSAGES = 100;

type OutboxMessage = typeof outboxMessages.$inferSelect;

/** Escapes a plain-text body and turns its http(s) addresses into links. */
function linkify(text: string): string {
  return escapeHtml(text).replace(/https?:\/\/[^\s<>"']+/g, (url) => `<a href="${url}">${url}</a>`);
}

function renderMessage(message: OutboxMessage): string {
  return `<article>
<h2>${escapeHtml(message.subject)}</h2>
<p class="meta">To <strong>${escapeHtml(message.recipient)}</strong> · <time datetime="${message.createdAt.toISOString()}">${escapeHtml(message.createdAt.toISOString())}</time></p>
<pre>${linkify(message.text)}</pre>
</article>`;
}

/** The development outbox: every e-mail the app would have sent, newest first. */
export function renderOutboxPage(messages: OutboxMessage[]): string {
  const body =
    messages.length === 0
      ? "<p>No e-mails yet. Invitations sent from the app appear here.</p>"
      : messages.map(renderMessage).join("\n");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Development outbox · Choir App</title>
<style>
body { font-family: system-ui, sans-serif; max-width: 52rem; margin: 2rem auto; padding: 0 1rem; color: #1f2937; }
.notice { background: #fef3c7; border: 1px solid #f59e0b; padding: .75rem 1rem; border-radius: .5rem; }
article { border-bottom: 1px solid #e5e7eb; padding: 1rem 0; }
h2 { font-size: 1.1rem; margin: 0 0 .25rem; }
.meta { color: #4b5563; margin: 0 0 .5rem; }
pre { white-space: pre-wrap; word-break: break-word; background: #f9fafb; padding: .75rem; border-radius: .5rem; }
a { color: #1d4ed8; }
</style>
</head>
<body>
<h1>Development outbox</h1>
<p class="notice">Local development only: no mail server is configured (SMTP_URL is not set), so e-mails are kept here instead of being sent.</p>
${body}
</body>
</html>
`;
}

/**
 * GET /dev/mail, registered only outside production when no mail server is configured. Its invitation links let anyone
 * join a choir, so it answers callers on this machine only (404 to anyone else), whatever NODE_ENV says.
 */
export const outboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/dev/mail",
    {
      onRequest: loopbackOnly,
      schema: {
        tags: ["development"],
        summary:
          "Development outbox: the e-mails kept instead of sent (no SMTP_URL, never in production, this machine only)",
        security: [],
        response: { 200: z.string(), 404: ErrorBody },
      },
    },
    async (_request, reply) => {
      const messages = await app.db
        .select()
        .from(outboxMessages)
        .orderBy(desc(outboxMessages.createdAt))
        .limit(SHOWN_MESSAGES);
      return reply
        .type("text/html; charset=utf-8")
        .header("Cache-Control", "no-store")
        .send(renderOutboxPage(messages));
    },
  );
};
