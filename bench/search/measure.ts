/** Load generators: HTTP through autocannon, SQL through pg clients; both report throughput and latencies. */
import autocannon, { type Options as AutocannonOptions } from "autocannon";
import pg from "pg";

export interface Measurement {
  /** Completed requests (or queries) per second. */
  perSecond: number;
  count: number;
  /** Answers other than 2xx, connection errors and timeouts (HTTP only). */
  failures: number;
  /** Latency percentiles in milliseconds. */
  p50: number;
  p95: number;
  p99: number;
}

/** Nearest-rank percentile of sorted values. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export function summarize(latencies: number[], seconds: number, failures = 0): Measurement {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    perSecond: latencies.length / seconds,
    count: latencies.length,
    failures,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
  };
}

/**
 * `connections` keep-alive connections send GET requests back to back for `seconds`: to `url`, or, given a list,
 * to each of its URLs in turn (one origin), so that consecutive requests ask different things. Latencies and
 * throughput count 2xx answers only; the others (and errors, timeouts) are counted as failures.
 */
/** One request of a load: what `HttpLoadOptions.request` gives for a connection's next request. */
export interface LoadRequest {
  method: "GET" | "POST";
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface HttpLoadOptions {
  connections: number;
  seconds: number;
  headers?: Record<string, string>;
  /**
   * Each request as it goes, the `n`th of the run (from 0): its method, path, headers added to `headers`, and body.
   * Instead of `url`'s paths.
   */
  request?: (n: number) => LoadRequest;
}

type SetupRequest = NonNullable<NonNullable<AutocannonOptions["requests"]>[number]["setupRequest"]>;

export function httpLoad(url: string | string[], options: HttpLoadOptions): Promise<Measurement> {
  const latencies: number[] = [];
  let failed = 0;
  const urls = typeof url === "string" ? [url] : url;
  if (urls.length === 0) throw new Error("httpLoad: no URL");
  const paths = urls.map((each) => {
    const parsed = new URL(each);
    return `${parsed.pathname}${parsed.search}`;
  });
  let next = 0;
  const given = options.request;
  // Each request rewritten before it goes: as `request` makes it, or the next of the paths in turn.
  const setupRequest: SetupRequest | undefined = given
    ? (request) => {
        const made = given(next++);
        request.method = made.method;
        request.path = made.path;
        request.headers = { ...options.headers, ...made.headers };
        request.body = made.body;
        return request;
      }
    : paths.length > 1
      ? (request) => {
          request.path = paths[next++ % paths.length]!;
          return request;
        }
      : undefined;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: urls[0]!,
        connections: options.connections,
        duration: options.seconds,
        headers: options.headers,
        timeout: 30,
        ...(setupRequest ? { requests: [{ setupRequest }] } : {}),
      },
      (error, result) => {
        if (error) return reject(error);
        const seconds = (result.finish.getTime() - result.start.getTime()) / 1000;
        resolve(summarize(latencies, seconds, failed + result.errors + result.timeouts));
      },
    );
    // Per-response times (fractional milliseconds): autocannon's own histogram rounds to whole ones.
    instance.on("response", (_client: unknown, status: number, _bytes: number, responseTime: number) => {
      if (status >= 200 && status < 300) latencies.push(responseTime);
      else failed++;
    });
  });
}

export interface SqlStatement {
  text: string;
  values: unknown[];
}

/**
 * `clients` connections each run `statements` one after the other, over and over, for `seconds`: one round is one
 * operation. With `rotate`, an operation is one statement instead, the clients taking the statements in turn (the
 * same searches as different requests). Rows come back as arrays, as drizzle asks for them.
 */
export async function sqlLoad(
  connection: pg.ClientConfig,
  statements: SqlStatement[],
  options: { clients: number; seconds: number; rotate?: boolean },
): Promise<Measurement> {
  let next = 0;
  const round = () => (options.rotate ? [statements[next++ % statements.length]!] : statements);
  const clients = await Promise.all(
    Array.from({ length: options.clients }, async () => {
      const client = new pg.Client(connection);
      await client.connect();
      return client;
    }),
  );
  try {
    const latencies: number[] = [];
    const started = performance.now();
    const deadline = started + options.seconds * 1000;
    await Promise.all(
      clients.map(async (client) => {
        while (performance.now() < deadline) {
          const t0 = performance.now();
          for (const statement of round()) {
            await client.query({ text: statement.text, values: statement.values, rowMode: "array" });
          }
          latencies.push(performance.now() - t0);
        }
      }),
    );
    return summarize(latencies, (performance.now() - started) / 1000);
  } finally {
    await Promise.all(clients.map((client) => client.end()));
  }
}
