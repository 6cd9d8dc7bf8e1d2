// Whole reviews of a pull request: the model, one reader per benchmark layout, the published evaluators.
export * from './model.ts';
export { readSweCare, extractDefects, readSweCareInstances, readSweCarePredictions } from './readers/swecare.ts';
export { readAacr, parseGeneratedComments, prForFileName, addGeneratedComments } from './readers/aacr.ts';
export { readMartian, withCandidatesFrom, type MartianFiles } from './readers/martian.ts';
export { readOurs } from './readers/ours.ts';
export { detectFileLayout, detectFolderLayout } from './readers/detect.ts';
export { parseDiffHunks, type DiffHunk } from './readers/unidiff.ts';
export { codefuseEvaluate, locationSimilarity, HarnessError, type CodefuseRow } from './evaluators/codefuse.ts';
export { aacrEvaluate, aacrLocationMatch, shippedAnswer, firstWordAnswer, pyRound3, type AacrRow, type AacrVariant, type SemanticMatch } from './evaluators/aacr.ts';
export { martianEvaluate, replayRecord, martianTotals, parseJudgeReply, martianPrompt, MARTIAN_SYSTEM, type MartianRow, type JudgeAnswer, type MartianJudge } from './evaluators/martian.ts';
export { crscoreEvaluate, locationGate, type CrscoreRow } from './evaluators/crscore.ts';
export { MATCHERS, DEFAULT_THRESHOLD, pairMatrix, type MatcherName, type MatcherContext, type PairMatrix } from './matchers.ts';
export { aggregate, type Aggregates, type SystemAggregate, type SystemPair, type AggregateSpec } from './aggregate.ts';
export { prEval, EVALUATORS, type EvaluatorName, type PrEvalOptions, type PrEvalResult, type PrRow } from './evaluate.ts';
export { judgeTheJudges, acceptanceAuc, matcherRows, type JudgesReport, type AgreementRow, type AcceptanceAuc } from './judges.ts';
export { sweCareSample, aacrSample, martianSample } from './samples.ts';
export { readPrFiles, PrFilesError, type PrFile, type PrFilesOptions } from './readers/files.ts';
export { samplePrFiles, SAMPLE_LAYOUTS, type SampleLayout } from './sampleFiles.ts';
