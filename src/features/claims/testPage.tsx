// Dev-only page (/e2e-claims.html) that mounts ClaimsPanel alone, so Playwright can drive it before
// (and independently of) the workbench. It plays the parent: owns the diff and the pseudo-reference list.

import { StrictMode, useCallback, useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { PseudoReference } from '../../core/types';
import { ClaimsPanel } from './ClaimsPanel';

const SAMPLE = `@@ -446,7 +446,7 @@ public class ExecutionFlowDao {
       final boolean hasLocked = this.mysqlNamedLock
           .getLock(transOperator, POLLING_LOCK_NAME, GET_LOCK_TIMEOUT_IN_SECONDS);
-      logger.info("ExecutionFlow polling lock value: " + hasLocked);
+      logger.debug("ExecutionFlow polling lock value: " + hasLocked);
       if (hasLocked) {`;

function TestPage() {
  const [diff, setDiff] = useState(SAMPLE);
  const [language, setLanguage] = useState('none');
  const [refs, setRefs] = useState<PseudoReference[]>([]);
  const onAdd = useCallback((added: PseudoReference[]) => setRefs((r) => [...r, ...added]), []);
  return (
    <main>
      <h1>Claims panel test page</h1>
      <label>
        Diff
        <textarea rows={8} cols={100} value={diff} onChange={(e) => setDiff(e.target.value)} />
      </label>
      <label>
        Language
        <input value={language} onChange={(e) => setLanguage(e.target.value)} />
      </label>
      <ClaimsPanel diff={diff} language={language} onAdd={onAdd} />
      <h2>Pseudo-references ({refs.length})</h2>
      <ul data-testid="added-refs">
        {refs.map((r, i) => (
          <li key={i}>
            {r.source} · {r.kind} · {r.text}
          </li>
        ))}
      </ul>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <TestPage />
  </StrictMode>,
);
