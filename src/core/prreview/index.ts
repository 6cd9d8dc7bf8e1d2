// Whole reviews of a pull request: the model, one reader per benchmark layout, the published evaluators.
export * from './model.ts';
export { readSweCare, extractDefects, readSweCareInstances, readSweCarePredictions } from './readers/swecare.ts';
export { readAacr, parseGeneratedComments, prForFileName, addGeneratedComments } from './readers/aacr.ts';
export { readMartian, withCandidatesFrom, type MartianFiles } from './readers/martian.ts';
export { readOurs } from './readers/ours.ts';
export { detectFileLayout, detectFolderLayout } from './readers/detect.ts';
export { parseDiffHunks, type DiffHunk } from './readers/unidiff.ts';
