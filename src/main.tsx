import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
// Registers the in-browser claims model with generateClaimsText, for every view that asks for claims.
import './features/claims/localLlmStore.ts';
import { restoreSessions, startAutosave } from './store/session/persist.ts';
import './app/app.css';

// Restore saved sessions first (or seed the paper's examples), then save every change.
void restoreSessions().then(startAutosave);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
