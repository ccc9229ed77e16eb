import { spawnSync } from 'node:child_process';
import path from 'node:path';

/**
 * A self-signed certificate for `host`, valid for a day, written into `dir` as
 * cert.pem and key.pem; for the local HTTPS servers of the nginx and
 * Observatory checks. Needs `openssl`.
 */
export function throwawayCertificate(dir: string, host: string): { cert: string; key: string } {
  const cert = path.join(dir, 'cert.pem');
  const key = path.join(dir, 'key.pem');
  const made = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      `/CN=${host}`,
      '-addext',
      `subjectAltName=DNS:${host}`,
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'pipe' },
  );
  if (made.status !== 0) throw new Error(`openssl: ${made.stderr}`);
  return { cert, key };
}
