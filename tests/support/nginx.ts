import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const NGINX = '/usr/sbin/nginx';

/**
 * Debian's nginx serving `site` (one of docs/deploy/'s files, its addresses changed by the caller)
 * under a throwaway prefix in `workDir`; resolves once `ready` answers true (nginx prints nothing
 * when it is ready). The caller kills the process.
 */
export async function startNginx(
  workDir: string,
  site: string,
  ready: () => Promise<boolean>,
): Promise<ChildProcess> {
  if (!existsSync(NGINX)) throw new Error(`${NGINX} is missing: the test command installs Debian's nginx`);
  const prefix = mkdtempSync(join(workDir, 'nginx-'));
  writeFileSync(join(prefix, 'eldercare.conf'), site);
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((t) => `${t}_temp_path ${join(prefix, t)};`)
    .join(' ');
  writeFileSync(
    join(prefix, 'nginx.conf'),
    `${process.getuid?.() === 0 ? 'user root;' : ''}
pid ${join(prefix, 'nginx.pid')};
error_log ${join(prefix, 'error.log')} warn;
events { worker_connections 1024; }
http { access_log off; ${temp} include ${join(prefix, 'eldercare.conf')}; }
`,
  );
  const child = spawn(NGINX, ['-p', prefix, '-c', join(prefix, 'nginx.conf'), '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (b: Buffer) => {
    errors += b.toString();
  });
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${errors}`);
    if (await ready()) return child;
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill();
  throw new Error(`nginx did not answer: ${errors}`);
}
