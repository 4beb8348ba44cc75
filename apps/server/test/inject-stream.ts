import type { FastifyInstance, InjectOptions } from "fastify";

/** What the tests read of an answer. */
export interface Answer {
  statusCode: number;
  body: string;
  json: () => unknown;
}

/**
 * Sends a request through `inject`; for an event stream (`isStream`), an answer that opened is read only to its first
 * event and let go (it would never end), a refusal is read whole.
 */
export async function injectAnswer(
  app: FastifyInstance,
  request: InjectOptions,
  isStream = false,
): Promise<Answer> {
  if (!isStream) {
    const response = await app.inject(request);
    return { statusCode: response.statusCode, body: response.body, json: () => response.json() };
  }
  const response = await app.inject({ ...request, payloadAsStream: true });
  const stream = response.stream();
  let body = "";
  for await (const chunk of stream) {
    body += String(chunk);
    if (response.statusCode < 400 && body.includes("\n\n")) break;
  }
  stream.destroy();
  return { statusCode: response.statusCode, body, json: () => JSON.parse(body) as unknown };
}
