// The `plus` preset: stemmed, identifier-aware TF-IDF similarity with graded credit.
export * from './tokens.ts';
export * from './idf.ts';
export * from './similarity.ts';
export * from './score.ts';
export * from './preset.ts';
export * from './evaluate.ts';
