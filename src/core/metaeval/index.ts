// Meta-evaluation of review metrics as the WMT metrics task judges metrics: grouped statistics,
// acc_eq with tie calibration, system-level (soft) pairwise accuracy, PERM-BOTH and paired-bootstrap tests with
// significance clusters, the human ceiling, baselines and a reproducibility signature. Pure: the browser's worker
// and `crscore eval` share it.
export * from './grouped.ts';
export * from './pairwise.ts';
export * from './ties.ts';
export * from './significance.ts';
export * from './spa.ts';
export * from './report.ts';
export * from './metaPool.ts';
export * from './ceiling.ts';
export * from './auc.ts';
export * from './baselines.ts';
export * from './signature.ts';
export * from './runSignature.ts';
export * from './scoresFile.ts';
export * from './scoresWrite.ts';
export * from './scoresParse.ts';
export * from './humanScores.ts';
export * from './tables.ts';
export * from './crossval.ts';
export * from './spaInterval.ts';
export * from './metaMemo.ts';
