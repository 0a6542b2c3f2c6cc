/**
 * A second, independent static host for the layers: Debian's nginx (`apt-get install
 * nginx-light`; .ci/run installs it), started with a generated config on a free loopback port,
 * pid and logs in a temp dir, serving a folder at /data/ with the CORS headers data/README.md
 * asks of a host. A real web server, so range support, validators and header handling are not
 * our own code grading itself.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

export interface NginxHost {
  /** Origin with a trailing slash, e.g. http://127.0.0.1:40123/ */
  url: string;
  /** The access log so far: one line per request, "<status> <range> <path>". */
  accessLog: () => string[];
  close: () => Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function waitForPort(port: number, child: ChildProcess, errorLog: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) break;
    try {
      await fetch(`http://127.0.0.1:${port}/`);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  const log = existsSync(errorLog) ? readFileSync(errorLog, 'utf8') : '';
  throw new Error(`nginx did not start on port ${port}: ${log}`);
}

/** Serves `dataDir` at /data/ with CORS (Range allowed; range headers exposed). */
export async function startNginx(dataDir: string): Promise<NginxHost> {
  const dir = mkdtempSync(path.join(tmpdir(), 'siting-nginx-'));
  const port = await freePort();
  const accessLog = path.join(dir, 'access.log');
  const errorLog = path.join(dir, 'error.log');
  const cors = [
    'add_header Access-Control-Allow-Origin "*" always;',
    'add_header Access-Control-Allow-Methods "GET, HEAD, OPTIONS" always;',
    'add_header Access-Control-Allow-Headers "Range, If-Range, If-None-Match, If-Modified-Since" always;',
    'add_header Access-Control-Expose-Headers "Accept-Ranges, Content-Range, Content-Length, Content-Encoding, ETag" always;',
  ].join('\n      ');
  const config = `
worker_processes 1;
daemon off;
master_process off;
user root;
pid ${dir}/nginx.pid;
error_log ${errorLog} warn;
events { worker_connections 64; }
http {
  log_format ranges '$status "$http_range" $uri';
  access_log ${accessLog} ranges;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  types { application/json json; application/octet-stream fgb; }
  default_type application/octet-stream;
  server {
    listen 127.0.0.1:${port};
    location /data/ {
      alias ${dataDir.replace(/\/?$/, '/')};
      ${cors}
      if ($request_method = OPTIONS) {
        ${cors}
        add_header Access-Control-Max-Age 86400 always;
        return 204;
      }
    }
  }
}
`;
  const configFile = path.join(dir, 'nginx.conf');
  writeFileSync(configFile, config);
  const child = spawn(NGINX, ['-e', errorLog, '-p', dir, '-c', configFile], { stdio: 'ignore' });
  await waitForPort(port, child, errorLog);
  return {
    url: `http://127.0.0.1:${port}/`,
    accessLog: () =>
      existsSync(accessLog)
        ? readFileSync(accessLog, 'utf8')
            .split('\n')
            .filter((line) => line.length > 0)
        : [],
    close: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
