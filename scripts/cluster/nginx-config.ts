// The nginx in front of the cluster (`npm run cluster`, scripts/cluster/cluster.ts): where Debian
// puts the binary, and the configuration written into the cluster's temp dir: in the foreground
// (daemon off) with its own pid, logs and temp paths, one upstream of the server instances with
// keepalive connections, a retry on the next instance only when a request could not reach one
// (never for a POST that was sent), the forwarded headers the app trusts (TRUST_PROXY), and
// timeouts and a body limit sized for the API.
import { existsSync } from "node:fs";

/** Debian's nginx (the `nginx` package). */
export const NGINX_BINARY = "/usr/sbin/nginx";

/** The nginx binary, or null when it is not installed. */
export function findNginx(binary = NGINX_BINARY): string | null {
  return existsSync(binary) ? binary : null;
}

export interface NginxConfigOptions {
  /** The cluster's temp dir: pid file, logs and nginx's temp paths live in it. */
  dir: string;
  /** Address and port nginx listens on. */
  host: string;
  port: number;
  /** Loopback ports of the server instances. */
  upstreamPorts: readonly number[];
  /** Running as root: workers drop to nobody (nginx refuses `user` otherwise). */
  asRoot: boolean;
}

/** Largest request body passed on (the API's own limits are smaller; uploads are not proxied elsewhere). */
export const CLIENT_MAX_BODY_SIZE = "10m";

export function nginxConfig({ dir, host, port, upstreamPorts, asRoot }: NginxConfigOptions): string {
  const servers = upstreamPorts.map((upstream) => `    server 127.0.0.1:${upstream} max_fails=1 fail_timeout=5s;`);
  return `# Written by scripts/cluster/nginx-config.ts for one run of the cluster.
daemon off;
${asRoot ? "user nobody nogroup;\n" : ""}worker_processes auto;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;

events {
  worker_connections 4096;
}

http {
  access_log off;
  client_body_temp_path ${dir}/client-body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;

  client_max_body_size ${CLIENT_MAX_BODY_SIZE};
  client_body_timeout 30s;
  client_header_timeout 30s;
  keepalive_timeout 65s;
  server_tokens off;

  upstream shopradar {
${servers.join("\n")}
    keepalive 64;
    keepalive_timeout 60s;
  }

  server {
    listen ${host}:${port};

    location / {
      proxy_pass http://shopradar;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      # The edge proxy: the client address replaces any X-Forwarded-For the client sent.
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Forwarded-Host $host;
      # Another instance is tried when one cannot be reached or times out; a POST that was
      # already sent is never repeated (nginx's default without non_idempotent).
      proxy_next_upstream error timeout;
      proxy_next_upstream_tries ${upstreamPorts.length};
      proxy_connect_timeout 2s;
      proxy_send_timeout 60s;
      proxy_read_timeout 60s;
    }
  }
}
`;
}
