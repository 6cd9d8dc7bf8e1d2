// Test helper: run the real launcher (bin/crscore.mjs) in a child process, as a person would.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../../..');
export const FIXTURES = path.join(ROOT, 'src/cli/shared/fixtures');

export function crscore(
  args: string[],
  input?: string,
): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [path.join(ROOT, 'bin/crscore.mjs'), ...args], {
    cwd: ROOT,
    input,
    encoding: 'utf8',
    timeout: 60_000,
    maxBuffer: 256 * 1024 * 1024,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/**
 * The launcher as an asynchronous child, for tests whose stub server lives in this process (spawnSync would block
 * it). `onStderr` sees the stderr so far and the child (to interrupt or kill it mid-run).
 */
export function crscoreAsync(
  args: string[],
  opts: { env?: Record<string, string>; input?: string; onStderr?: (stderr: string, child: ChildProcess) => void } = {},
): Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(ROOT, 'bin/crscore.mjs'), ...args], {
      cwd: ROOT,
      env: { ...process.env, ...opts.env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
      opts.onStderr?.(stderr, child);
    });
    child.stdin.end(opts.input);
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}
