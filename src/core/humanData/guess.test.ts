// The mapping step's first guess (and the CLI's guessed --map line): a table whose only text column is named like a
// reference review (CodeReviewer's `msg`) has it as the review, never a step with the review left empty.
import { describe, expect, it } from 'vitest';
import { applyMapping, csvTable, guessMapping } from './index';

const rated = ['patch,msg,lang,relevance,informativeness,expression', '"@@ -1 +1 @@\n-a\n+b",Rename a to b.,py,4,3,5', '"@@ -2 +2 @@\n-c\n+d",Check d for null.,java,2,2,4'].join('\n');

describe('guessMapping', () => {
  it('patch, msg, lang and three scores: msg is the review (no other text column), patch the diff, three dimensions', () => {
    const t = csvTable('rated.csv', rated);
    const m = guessMapping(t);
    expect(m.fields).toEqual({ diff: 'patch', review: 'msg', lang: 'lang' });
    expect(m.human.map((h) => h.column)).toEqual(['relevance', 'informativeness', 'expression']);
    const d = applyMapping(t, m, 'rated.csv');
    expect(d.reviews).toHaveLength(2);
    expect(d.dimensions.map((x) => x.name)).toEqual(['relevance', 'informativeness', 'expression']);
  });

  it('a review named as such keeps msg as the reference', () => {
    const t = csvTable('r.csv', ['patch,review,msg,score', '"@@ -1 +1 @@",Looks odd.,Rename a.,3'].join('\n'));
    expect(guessMapping(t).fields).toEqual({ diff: 'patch', review: 'review', reference: 'msg' });
  });

  it('one free text column beside the code is the review; two are left for the person to pick', () => {
    expect(guessMapping(csvTable('a.csv', ['diff,bot_comment,useful', '"@@ -1 +1 @@",Check x.,1'].join('\n'))).fields).toEqual({ diff: 'diff', review: 'bot_comment' });
    expect(guessMapping(csvTable('b.csv', ['diff,bot_comment,maintainer_note,useful', '"@@ -1 +1 @@",Check x.,Check x for null.,1'].join('\n'))).fields).toEqual({ diff: 'diff' });
  });
});
