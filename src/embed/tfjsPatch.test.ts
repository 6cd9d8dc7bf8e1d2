import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

// The embed worker sets TF.js's WASM paths and then starts the backend. The published @energetic-ai/core starts
// it on import, from default paths a bundle does not serve, and under load that failed start locked our paths
// out (USE-lite then reported "could not start its WASM backend"). patch-package removes the start on install.
describe('@energetic-ai/core as installed', () => {
  it('starts no backend on import, so the caller’s WASM paths come first', () => {
    const require = createRequire(import.meta.url);
    const tf = require('@energetic-ai/core') as { engine(): { pendingBackendInit: unknown; backendName: string | null } };
    expect(tf.engine().pendingBackendInit ?? null).toBeNull();
    expect(tf.engine().backendName ?? null).toBeNull();
  });
});
