// Entry of e2e-embed.html: mounts <ModelPanel/> and exposes the embedder to Playwright (tests and benches only).
import { createRoot } from 'react-dom/client';
import { embedder } from '../../embed/client.ts';
import { ModelPanel } from './ModelPanel.tsx';

declare global {
  interface Window {
    __embed?: { embedder: typeof embedder };
  }
}

window.__embed = { embedder };
createRoot(document.getElementById('root')!).render(<ModelPanel />);
