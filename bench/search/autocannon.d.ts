// The part of autocannon's API the benchmark uses (the package ships no types).
declare module "autocannon" {
  import type { EventEmitter } from "node:events";

  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
    timeout?: number;
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
