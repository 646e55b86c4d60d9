// autocannon 9 ships no types; only what bench/api.ts and bench/lib/abuse-load.ts use is declared.
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  export interface Options {
    url: string;
    connections?: number;
    pipelining?: number;
    duration?: number;
    amount?: number;
    timeout?: number;
    headers?: Record<string, string>;
    /** Each request of a connection in turn; setupRequest may change its path (bench:abuse). */
    requests?: Array<{ setupRequest?: (request: { path: string }) => { path: string } }>;
  }

  export interface Histogram {
    average: number;
    mean: number;
    p50: number;
    p99: number;
    max: number;
  }

  export interface Result {
    requests: Histogram & { total: number };
    latency: Histogram;
    throughput: Histogram & { total: number };
    errors: number;
    timeouts: number;
    non2xx: number;
    duration: number;
  }

  export interface Instance extends EventEmitter {
    stop(): void;
  }

  function autocannon(options: Options, callback: (error: Error | null, result: Result) => void): Instance;
  export default autocannon;
}
