// The metric core in one import. Pure TypeScript: runs in the browser, the worker and Node.
export * from './types.ts';
export * from './sentences.ts';
export * from './claims.ts';
export * from './similarity.ts';
export * from './score.ts';
export * from './sweep.ts';
export * from './calibrate.ts';
export * from './stats.ts';
export * from './stopwords.ts';
export * from './lexical.ts';
export * from './diff.ts';
export * from './dataset.ts';
export * from './evaluate.ts';
export * from './scoreColumns.ts';
