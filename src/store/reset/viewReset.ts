// What "Reset" does for each tab whose view stopped drawing (src/ui/ErrorBoundary): the stored state that view
// draws from is set aside (src/store/shared/quarantine: downloadable, never deleted silently) and cleared, so the view
// starts fresh and a reload does not break it again. Each returns the sentence the view shows afterwards.
// The Research and Annotate stores are imported on demand: they belong to those tabs' chunks, loaded already
// when their view has drawn (and broken).
import { setAside } from '../shared/quarantine';
import { exportSession } from '../session/sessionFile';
import { useSessions } from '../session/sessions';

const REASON = 'set aside by Reset after the view stopped drawing';
const kept = (ok: boolean) => (ok ? 'download it from the notice at the top of the page' : 'download it from the notice at the top; it lasts until this tab closes');

function resetWorkbench(): string | null {
  const { activeId, sessions } = useSessions.getState();
  const s = activeId ? sessions[activeId] : undefined;
  if (!s) return null;
  let text: string;
  try {
    text = exportSession(s);
  } catch {
    text = JSON.stringify(s);
  }
  const item = setAside(`the workbench session “${String(s.name)}”`, REASON, text, 'crscore-session-set-aside.crscore.json');
  useSessions.getState().remove(s.id);
  if (useSessions.getState().order.length === 0) useSessions.getState().add();
  return `The open session “${String(s.name)}” was set aside (${kept(item.kept)}; it is a session file you can import again).`;
}

async function resetResearch(): Promise<string | null> {
  const [{ researchDatasetFiles, useResearch }, { useLinker }] = await Promise.all([import('../research/research'), import('../shared/linker')]);
  const said: string[] = [];
  const files = researchDatasetFiles();
  let allKept = true;
  for (const f of files) allKept = setAside(`the Research dataset file ${f.name}`, REASON, 'blob' in f ? await f.blob.text() : f.text, f.name).kept && allKept;
  if (files.length) said.push(`the dataset (${files.map((f) => f.name).join(', ')})`);
  const linker = useLinker.getState();
  if (linker.source !== 'shipped') {
    allKept = setAside('the linker weights in use', REASON, JSON.stringify(linker.weights, null, 2), 'crscore-linker-weights-set-aside.json').kept && allKept;
    said.push('the linker weights');
    linker.reset();
  }
  useResearch.getState().reset();
  return said.length ? `Set aside: ${said.join(' and ')} (${kept(allKept)}).` : null;
}

async function resetAnnotate(): Promise<string | null> {
  const [{ annotationFileName, writeAnnotationCsv }, { useAnnotation }] = await Promise.all([import('../../core/annotation'), import('../annotation/annotation')]);
  const p = useAnnotation.getState().project;
  if (!p) return null;
  let text: string;
  let fileName = 'crscore-annotation-set-aside.json';
  try {
    text = writeAnnotationCsv(p.items);
    fileName = annotationFileName(p.items, p.annotator);
  } catch {
    text = JSON.stringify(p);
  }
  const item = setAside(`the annotation project from ${String(p.source)}`, REASON, text, fileName);
  useAnnotation.getState().close();
  return `The annotation project was set aside (${kept(item.kept)}).`;
}

/** Per tab id: Reset's action and what it says it does before it is pressed. */
export const viewResets: Record<string, { reset: () => string | null | Promise<string | null>; hint: string }> = {
  workbench: { reset: resetWorkbench, hint: 'Reset sets the open session aside (you can download it and import it again) and opens another.' },
  research: { reset: resetResearch, hint: 'Reset sets the dataset and any linker weights aside (you can download them) and starts Research empty.' },
  annotate: { reset: resetAnnotate, hint: 'Reset sets the annotation project aside as a CSV (you can download it and import it again) and closes it.' },
};
