// A worker thread's entry: TypeScript through tsx (as bin/crscore.mjs), then the resampling kernels.
import { register } from 'tsx/esm/api';

register();
await import('./resampleWorkerMain.ts');
