# Independent reference for stats.IntervalSteps: DerSimonian-Laird tau^2 pooled over both parts,
# random-effects means, Welch-free t with n-2 df, Bonferroni over the splits; scipy.stats.t.sf.
import math, sys
from scipy import stats
def split(y, v, a, k, b, splits):
    q = 0; c = 0
    for lo, hi in ((a, k), (k, b)):
        w = [1/v[i] for i in range(lo, hi)]
        sw = sum(w); sw2 = sum(x*x for x in w)
        m = sum(w[i-lo]*y[i] for i in range(lo, hi)) / sw
        q += sum((y[i]-m)**2 / v[i] for i in range(lo, hi))
        c += sw - sw2/sw
    n = b - a
    tau2 = max(0.0, (q - (n-2)) / c)
    means = []; vars_ = []
    for lo, hi in ((a, k), (k, b)):
        w = [1/(v[i]+tau2) for i in range(lo, hi)]
        means.append(sum(w[i-lo]*y[i] for i in range(lo, hi)) / sum(w)); vars_.append(1/sum(w))
    t = (means[1]-means[0]) / math.sqrt(vars_[0]+vars_[1])
    p = min(1.0, 2*stats.t.sf(abs(t), n-2)*splits)
    return k, means[0], means[1], t, p
def detect(y, se, alpha, a=0, b=None, out=None):
    b = len(y) if b is None else b
    out = [] if out is None else out
    v = [s*s for s in se]
    splits = b - a - 6 + 1
    if splits < 1: return out
    best = max((split(y, v, a, k, b, splits) for k in range(a+3, b-3+1)), key=lambda s: abs(s[3]))
    if best[4] < alpha:
        out.append(best); detect(y, se, alpha, a, best[0], out); detect(y, se, alpha, best[0], b, out)
    return sorted(out)
y = [math.log(x) for x in (1.04, 1.05, 1.02, 1.045, 1.17, 1.15, 1.16, 1.18)]
se = [0.01, 0.012, 0.009, 0.011, 0.01, 0.013, 0.01, 0.012]
for s in detect(y, se, 0.01): print(repr(s))
flat = [math.log(x) for x in (1.04, 1.05, 1.02, 1.045, 1.03, 1.06, 1.04, 1.035)]
print(detect(flat, se, 0.01))
print(repr(split([math.log(x) for x in (1.04, 1.05, 1.02, 1.045, 1.03, 1.06, 1.04, 1.035)], [s*s for s in se], 0, 4, 8, 3)))
