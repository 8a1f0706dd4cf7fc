// The part of autocannon's API the benches use (the package ships no types).
declare module "autocannon" {
  interface Histogram {
    average: number;
    p99: number;
  }
  interface Result {
    requests: Histogram;
    latency: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
  }
  /** A running load: a promise of the result that also reports each answer (bench/faults.ts). */
  interface Instance extends Promise<Result> {
    on: (event: "response", listener: (client: unknown, statusCode: number) => void) => Instance;
  }
  export default function autocannon(options: Options): Instance;
}
