import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// Cross-origin isolation lets ORT use SharedArrayBuffer, hence multithreaded WASM.
const isolation = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

export default defineConfig({
  plugins: [react()],
  // 'mpa' makes a missing /models/... file a real 404 instead of index.html with status 200.
  appType: 'mpa',
  server: { headers: isolation, port: 5173, strictPort: false },
  preview: { headers: isolation, port: 4173 },
  worker: { format: 'es' },
  optimizeDeps: {
    exclude: ['@huggingface/transformers', 'onnxruntime-web'],
    include: ['jshint', 'comlink'],
  },
  build: { target: 'es2022', chunkSizeWarningLimit: 4000 },
});
