// The part of autocannon's API the benchmark uses (the package ships no types).
declare module "autocannon" {
  import type { EventEmitter } from "node:events";

  export interface Options {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
    timeout?: number;
    /** Requests sent in turn; `setupRequest` may rewrite each before it goes (its path, method, headers, body). */
    requests?: { setupRequest?: (request: AutocannonRequest) => AutocannonRequest }[];
  }

  interface AutocannonRequest {
    path: string;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
  }

  interface Result {
    requests: { total: number; average: number };
    start: Date;
    finish: Date;
    errors: number;
    timeouts: number;
    non2xx: number;
  }

  type Instance = EventEmitter;

  function autocannon(options: Options, callback: (error: Error | null, result: Result) => void): Instance;
  export default autocannon;
}
