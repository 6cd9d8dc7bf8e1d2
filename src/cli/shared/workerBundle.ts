// A worker thread's entry bundled to one CommonJS script (what `new Worker(code, { eval: true })` runs), made once
// per entry and process: a worker then costs a V8 isolate and the code it runs (tens of MB) instead of a
// TypeScript loader of its own (~100 MB each). Null where esbuild cannot run (say, its platform binary is
// missing): callers then stay on one thread, with the same figures.
import { fileURLToPath } from 'node:url';

const bundles = new Map<string, Promise<string | null>>();

export function workerSource(entry: URL): Promise<string | null> {
  const key = entry.href;
  if (!bundles.has(key))
    bundles.set(
      key,
      import('esbuild')
        .then(async ({ build }) => {
          const r = await build({
            entryPoints: [fileURLToPath(entry)],
            bundle: true,
            format: 'cjs',
            platform: 'node',
            target: 'node20',
            write: false,
            logLevel: 'silent',
          });
          return r.outputFiles[0].text;
        })
        .catch(() => null),
    );
  return bundles.get(key)!;
}
