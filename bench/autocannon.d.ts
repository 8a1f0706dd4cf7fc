// The part of autocannon's API the benches use (the package ships no types).
declare module "autocannon" {
  interface Histogram {
    average: number;
    p99: number;
    /** For `requests`: how many completed. */
    total: number;
  }
  interface Result {
    requests: Histogram;
    latency: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
  }
  /** One request of a `requests` sequence; setupRequest may rewrite it before each send. */
  interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    method?: string;
    headers?: Record<string, string>;
    requests?: Array<
      Request & {
        setupRequest?: (request: Request) => Request;
        onResponse?: (status: number, body: string) => void;
      }
    >;
  }
  /** A running load: a promise of the result that also reports each answer (bench/faults.ts). */
  interface Instance extends Promise<Result> {
    on: (event: "response", listener: (client: unknown, statusCode: number) => void) => Instance;
  }
  export default function autocannon(options: Options): Instance;
}
