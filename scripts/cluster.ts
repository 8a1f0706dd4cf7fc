// `npm run cluster [-- --instances N] [--port P] [--host H]`: the scale-out topology on this
// machine: Debian's nginx on H:P (127.0.0.1:8080) in front of N (2) server processes on one
// PostgreSQL (DATABASE_URL, required). Every other variable of the environment reaches each
// instance (REDIS_URL for shared rate limits, SERVER_SECRET, ...). Prints the URL; Ctrl-C or
// SIGTERM stops nginx and then the instances cleanly. docs/deployment.md.
import { parseArgs } from "node:util";
import { ClusterError, startCluster } from "./cluster/cluster";

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

function wholeNumber(name: string, raw: string, min: number, max: number): number {
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < min || value > max) fail(`Invalid --${name}: "${raw}" (expected ${min}-${max})`);
  return value;
}

const { values } = parseArgs({
  options: {
    instances: { type: "string", default: "2" },
    port: { type: "string", default: "8080" },
    host: { type: "string", default: "127.0.0.1" },
  },
});
const instances = wholeNumber("instances", values.instances, 1, 32);
const port = wholeNumber("port", values.port, 1, 65535);

let cluster;
try {
  cluster = await startCluster({ instances, port, host: values.host, echo: true });
} catch (error) {
  if (error instanceof ClusterError) fail(error.message);
  throw error;
}
const running = cluster;
console.log(
  `ShopRadar cluster: ${running.url} (nginx) -> ${running.instances.map((instance) => instance.url).join(", ")}`,
);
if (!process.env.REDIS_URL) {
  console.log("REDIS_URL is not set: each instance counts rate limits on its own (set it to share the budgets).");
}

let stopping = false;
const stop = async (signal: NodeJS.Signals) => {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: stopping nginx and the instances`);
  await running.stop();
  process.exit(0);
};
process.on("SIGINT", (signal) => void stop(signal));
process.on("SIGTERM", (signal) => void stop(signal));

// An instance that dies on its own is reported; nginx keeps sending requests to the others.
for (const instance of running.instances) {
  instance.process.once("exit", (code, signal) => {
    if (!stopping) console.error(`${instance.name} exited (${code ?? signal}); nginx goes on with the others`);
  });
}
