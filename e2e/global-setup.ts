// Before the specs: dist/ must be the e2e build (`vite build --mode e2e`, as `npm run test:e2e` does), which adds
// the test pages e2e-embed.html and e2e-claims.html to the production build; `npm run build` never ships them.
import { existsSync } from 'node:fs';
import path from 'node:path';

export default function globalSetup(): void {
  const dist = path.resolve(import.meta.dirname, '..', 'dist');
  const missing = ['e2e-embed.html', 'e2e-claims.html'].filter((f) => !existsSync(path.join(dist, f)));
  if (missing.length)
    throw new Error(`dist/ has no ${missing.join(' or ')}: it is a production build (npm run build) or missing. Build the e2e variant first: npx vite build --mode e2e (npm run test:e2e does).`);
}
