// Link-level CRScore: the annotators' links, the links a metric makes, their agreement, and the oracle.
export * from './annotator.ts';
export * from './links.ts';
export * from './agreement.ts';
export * from './llmLinks.ts';
export * from './disagreements.ts';
