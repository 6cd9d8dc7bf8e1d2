// The `learned` preset: a small model of the annotators' links, from signals every dataset has.
export * from './features.ts';
export * from './logistic.ts';
export * from './linker.ts';
export * from './train.ts';
export * from './weights.ts';
export * from './cv.ts';
export * from './cvScores.ts';
export * from './fit.ts';
export * from './report.ts';
export * from './dataset.ts';
export * from './shipped.ts';
export * from './research.ts';
export * from './inSample.ts';
