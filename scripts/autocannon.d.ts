// Minimal types for the parts of autocannon 8 that scripts/bench.ts uses (the package ships none).
declare module 'autocannon' {
  namespace autocannon {
    interface Options {
      url: string;
      connections?: number;
      /** Seconds. */
      duration?: number;
      /** Seconds before a request counts as timed out. */
      timeout?: number;
      pipelining?: number;
      method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS';
      headers?: Record<string, string>;
      body?: string | Buffer;
      title?: string;
    }

    interface Histogram {
      average: number;
      mean: number;
      stddev: number;
      min: number;
      max: number;
      total: number;
      p50: number;
      p90: number;
      p99: number;
    }

    interface Result {
      title?: string;
      url: string;
      /** Requests per second. */
      requests: Histogram;
      /** Milliseconds. */
      latency: Histogram;
      /** Bytes per second. */
      throughput: Histogram;
      /** Seconds. */
      duration: number;
      errors: number;
      timeouts: number;
      mismatches: number;
      non2xx: number;
      '1xx': number;
      '2xx': number;
      '3xx': number;
      '4xx': number;
      '5xx': number;
      statusCodeStats: Record<string, { count: number }>;
    }
  }

  /** Returns the running instance, which is thenable (it has `then` but no `catch`). */
  function autocannon(opts: autocannon.Options): PromiseLike<autocannon.Result>;

  export default autocannon;
}
