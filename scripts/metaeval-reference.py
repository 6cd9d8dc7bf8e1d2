#!/usr/bin/env python3
"""Independent reference figures for src/core/metaeval, written as a JSON fixture.

Correlations come from scipy.stats (pearsonr, spearmanr, kendalltau with variant='b'); acc_eq, tie calibration,
the item/system groupings and PERM-BOTH are direct O(n^2) transcriptions of their published definitions
(Deutsch et al. 2023 "Ties Matter"; google-research/mt-metrics-eval stats.py), sharing no code with the
TypeScript. The data are generated here with numpy's seeded generator and stored in the fixture with the figures.

Usage: python3 scripts/metaeval-reference.py > src/core/metaeval/fixtures/reference.json
"""
import json
import sys

import numpy as np
import scipy
from scipy import stats

SLACK = 1e-12  # a metric difference within eps + SLACK is a tie (the TypeScript uses the same rule)


def acc_eq(x, h, eps):
    n = len(x)
    right = 0
    pairs = 0
    for i in range(n):
        for j in range(i + 1, n):
            dm = x[j] - x[i]
            dh = h[j] - h[i]
            sm = 0 if abs(dm) <= eps + SLACK else np.sign(dm)
            right += sm == np.sign(dh)
            pairs += 1
    return right / pairs if pairs else float('nan')


def stat(name, x, h, eps=0.0):
    x = np.asarray(x, float)
    h = np.asarray(h, float)
    if name == 'acc_eq':
        return acc_eq(x, h, eps)
    if len(x) < 2 or np.all(x == x[0]) or np.all(h == h[0]):
        return float('nan')
    if name == 'pearson':
        return float(stats.pearsonr(x, h)[0])
    if name == 'spearman':
        return float(stats.spearmanr(x, h)[0])
    return float(stats.kendalltau(x, h, variant='b')[0])


def groups_for(grouping, x, h, change, system):
    x, h, change, system = map(np.asarray, (x, h, change, system))
    if grouping == 'none':
        return [(x, h)]
    if grouping == 'item':
        return [(x[change == c], h[change == c]) for c in sorted(set(change.tolist()))]
    ss = sorted(set(system.tolist()))
    return [(np.array([x[system == s].mean() for s in ss]), np.array([h[system == s].mean() for s in ss]))]


def grouped(name, groups, eps=0.0):
    vals = [stat(name, gx, gh, eps) for gx, gh in groups]
    vals = [v for v in vals if np.isfinite(v)]
    return float(np.mean(vals)) if vals else float('nan')


def calibrate(groups):
    """Brute force: every distinct |dx| within a group (and 0) is a candidate; mean acc_eq over groups."""
    used = [(gx, gh) for gx, gh in groups if len(gx) >= 2]
    cands = {0.0}
    for gx, _ in used:
        for i in range(len(gx)):
            for j in range(i + 1, len(gx)):
                d = abs(gx[j] - gx[i])
                if d > SLACK:
                    cands.add(float(d))
    best_eps, best_acc = 0.0, -1.0
    for eps in sorted(cands):
        a = float(np.mean([acc_eq(gx, gh, eps) for gx, gh in used]))
        if a > best_acc + 1e-12:
            best_eps, best_acc = eps, a
    return best_eps, best_acc


def standardise(v):
    v = np.asarray(v, float)
    sd = v.std() or 1.0
    return (v - v.mean()) / sd, sd


def perm_both(a, b, h, change, system, grouping, name, masks, eps_a=0.0, eps_b=0.0):
    za, sda = standardise(a)
    zb, sdb = standardise(b)
    ea, eb = eps_a / sda, eps_b / sdb
    change = np.asarray(change)

    def val(v, e):
        return grouped(name, groups_for(grouping, v, h, change, system), e)

    delta = val(za, ea) - val(zb, eb)
    extreme = 0
    for m in masks:
        s = np.asarray(m)[change].astype(bool)
        xa = np.where(s, zb, za)
        xb = np.where(s, za, zb)
        if abs(val(xa, ea) - val(xb, eb)) >= abs(delta) - 1e-12:
            extreme += 1
    return delta, extreme / len(masks)


def main():
    rng = np.random.default_rng(20231206)
    C, S = 14, 6
    change = np.repeat(np.arange(C), S)
    system = np.tile(np.arange(S), C)
    quality = rng.normal(size=S)[system] + rng.normal(size=C)[change] * 0.5 + rng.normal(size=C * S)
    human = np.clip(np.round(quality + 3), 1, 5)
    human = (human - 1) / 4
    m1 = np.round((quality + rng.normal(size=C * S) * 0.8) * 2) / 4  # coarse: many ties
    m2 = np.round(quality * 0.3 + rng.normal(size=C * S), 1)
    m1[change == 3] = 0.5  # a change where the metric is constant: undefined correlation there, skipped
    data = {'change': change.tolist(), 'system': system.tolist(), 'human': human.tolist(), 'm1': m1.tolist(), 'm2': m2.tolist()}
    out = {'how': __doc__.strip().splitlines()[0] + ' scipy ' + scipy.__version__ + ', numpy ' + np.__version__ + '.',
           'slack': SLACK, 'data': data, 'cases': []}
    for metric in ('m1', 'm2'):
        x = np.asarray(data[metric])
        for grouping in ('none', 'item', 'system'):
            groups = groups_for(grouping, x, human, change, system)
            eps, acc = calibrate(groups)
            case = {'metric': metric, 'grouping': grouping,
                    'pearson': grouped('pearson', groups), 'spearman': grouped('spearman', groups),
                    'kendall': grouped('kendall', groups),
                    'acc_eq': {str(e): grouped('acc_eq', groups, e) for e in (0.0, 0.1, 0.25, 0.5)},
                    'calibration': {'eps': eps, 'acc': acc}}
            out['cases'].append(case)
    masks = rng.integers(0, 2, size=(300, C)).astype(int)
    out['masks'] = masks.tolist()
    out['perm'] = []
    for grouping, name, ea, eb in (('none', 'spearman', 0, 0), ('item', 'kendall', 0, 0), ('none', 'acc_eq', 0.25, 0.1), ('system', 'pearson', 0, 0)):
        d, p = perm_both(m1, m2, human, change, system, grouping, name, masks, ea, eb)
        out['perm'].append({'grouping': grouping, 'statistic': name, 'epsA': ea, 'epsB': eb, 'delta': d, 'p': p})
    json.dump(out, sys.stdout, indent=1)
    sys.stdout.write('\n')


if __name__ == '__main__':
    main()
