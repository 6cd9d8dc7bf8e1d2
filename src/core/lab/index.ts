// The metric lab: every family of review metric measured against the same people with the same
// statistics, in the browser (src/features/lab, on src/store) and in `crscore eval --metrics` (src/cli/metaeval/evalMetrics.ts).
//
// PUBLIC API (the lab view builds on it; a change of shape is written here first).
// Since the first commit (additive only): referenceColumns, LAB_METRIC_NAMES, gapText, llmMetricConfig (labBatch.ts),
// createLabAgreementPart, labAgreementOfParts.
//   Reviews and columns (metrics.ts)
//     labReviews(prepared) → LabReview[]            one per eval item of src/core/research prepare(), same order
//     labRecords(reviews) → LabRecord[]             {changeId, system, human} for the statistics
//     crscoreMetrics(scores, config, prefix?, label?, names?) → LabMetric[]   '<prefix>.con|comp|rel'
//     referenceMetric(id, label, values, config) → LabMetric        null = no reference ('not-applicable')
//     gradeMetric(reviews, GradeOutcome[], config) → LabMetric       'llm-grade'
//     judgeMetrics(reviews, JudgeOutcome[], config) → LabMetric[]    'llm-judge.rel|con|comp'
//     referenceColumns(prepared, ['bleu'|'chrf'|'embed-ref'], {embedCos, encoder, pooling}) → LabMetric[]
//     LAB_METRIC_NAMES: crscore, crscore-plus, bleu, chrf, embed-ref, llm-grade, llm-judge
//   Prompts (prompts.ts): DEFAULT_GRADE_PROMPT, DEFAULT_JUDGE_PROMPT ({{review}}, {{reference}}, {{diff}},
//     {{pseudo_references}}), buildGradePrompt, buildJudgePrompt, templateProblem(kind, template) → message | null
//   Parsers (rubric.ts): parseGrade(text) → number | null (as written; 7 stays 7), parseJudge(text) → JudgeGrades
//   Rules (rules.ts, Jiang et al. 2025 §5.2): exactMatchGrade, combineGrades (majority, else median), capFive (5→4),
//     finalGrade, isValidGrade, lexicallyIdentical
//   Statistics (agreement.ts): labAgreement(records, metrics, {baseline, resamples, seed, level}) → LabAgreement,
//     createLabAgreement(...) → SteppedBootstrap<LabAgreement> (step(n) for progress);
//     createLabAgreementPart(records, metrics, options, from, to) → SteppedBootstrap<LabAgreementPart> (resamples
//     [from, to) as typed arrays, one worker's share) and labAgreementOfParts(records, metrics, options, parts) →
//     the same LabAgreement as one run
//   Tables (tables.ts): formatLabAgreement(report, format, config), formatLabSystems(report, metricId, format,
//     config), formatLabRanking(report, format, config), labConfig(report): the config every export records
//   LLM runs (NOT core: src/llmbatch/labBatch.ts, on runBatch): planLlmGrades / runLlmGrades(GradeInput[],
//     {settings, cache, concurrency, signal, onProgress, template, samples=3, reaskTimes=3}) → GradeOutcome[];
//     planLlmJudge / runLlmJudge(JudgeInput[], {…, template, withPseudoRefs, samples=1}) → JudgeOutcome[].
//     LabReview satisfies GradeInput and JudgeInput. llmMetricConfig(settings, 'grade'|'judge', {samples, template,
//     withPseudoRefs}) → the config to give gradeMetric/judgeMetrics (never the key).
// Values: CRScore and reference metrics in [0, 1]; LLM grades 1–5 as given. A review without a value is null with
// its reason in `gaps` (never 0) and is left out of that metric's statistics.
export * from './types.ts';
export * from './metrics.ts';
export * from './prompts.ts';
export * from './rubric.ts';
export * from './rules.ts';
export * from './agreement.ts';
export * from './tables.ts';
export * from './signatureName.ts';
