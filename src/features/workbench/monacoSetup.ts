// Monaco, loaded only when the code view first appears (keeps it out of the entry chunk).
// Just the editor core and the three languages CRScore covers, plus its one worker via Vite's ?worker.
import * as monaco from 'monaco-editor/editor/editor.api.js';
// The codicon font: without it the diff view's +/− glyphs are empty boxes.
import 'monaco-editor/features/codicon/register.js';
import EditorWorker from 'monaco-editor/editor/editor.worker.js?worker';
import 'monaco-editor/languages/definitions/python/register.js';
import 'monaco-editor/languages/definitions/java/register.js';
import 'monaco-editor/languages/definitions/javascript/register.js';

self.MonacoEnvironment = {
  getWorker: () => new EditorWorker(),
};

export { monaco };
