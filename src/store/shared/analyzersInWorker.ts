// The analyzers' worker as the batches of pseudo-references call it (Research's dataset batch and its pull
// requests'): the client module is loaded on first use, so neither the worker nor its grammars touch first paint.
import type { AnalyzerResult, AnalyzeRequest } from '../../analyzers/run';
import type { CodeLanguage } from '../../analyzers/languages';
import type { PseudoReference } from '../../core/types';

export async function analyzeInWorker(req: AnalyzeRequest): Promise<AnalyzerResult[]> {
  const client = await import('../../analyzers/client');
  return client.analyzeInBrowser(req);
}

export async function treeClaimsInWorker(language: CodeLanguage, diff: string): Promise<PseudoReference[]> {
  const client = await import('../../analyzers/client');
  return client.treeClaimsInBrowser({ language, diff });
}
