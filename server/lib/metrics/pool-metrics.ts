// The PostgreSQL pool's clients, read when /metrics is scraped (Database.poolStats): open,
// idle, the most it may open, and queries waiting for a client (a pool too small, or a
// database too slow). Not registered on the embedded database, which has no pool.
import { Gauge, type Registry } from "prom-client";
import type { PoolStats } from "../../db/client";

export function registerPoolMetrics(registry: Registry, stats: () => PoolStats | null): void {
  const gauge = (name: string, help: string, read: (stats: PoolStats) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        const current = stats();
        if (current) this.set(read(current));
      },
    });
  gauge("db_pool_clients", "PostgreSQL clients open in the pool (idle or checked out).", (s) => s.total);
  gauge("db_pool_idle_clients", "PostgreSQL clients open and idle in the pool.", (s) => s.idle);
  gauge("db_pool_max_clients", "The most PostgreSQL clients the pool may open.", (s) => s.max);
  gauge("db_pool_waiting_requests", "Queries waiting for a pool client.", (s) => s.waiting);
}
