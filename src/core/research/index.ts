// The research pipeline's pure stages, in the data's order: import (../importers) → pseudo-references and sentences
// (prepare) → embeddings (the caller's encoder) → similarity → scores → analysis. The browser's research store and
// `crscore eval` both run them.
export * from './prepare.ts';
export * from './similarity.ts';
export * from './scoring.ts';
export * from './tau.ts';
export * from './rule.ts';
export * from './analysis.ts';
export * from './links.ts';
