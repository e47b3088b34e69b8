package main

import (
	"math"
	"strings"
)

const logZero = -9999999999.0

type bleuOpts struct {
	tokenize     string
	lowercase    bool
	smoothMethod string
	smoothValue  float64
	hasValue     bool
	maxOrder     int
	effective    bool
}

// bleuTokens: the line lowercased (option lowercase) then tokenized and split on white
// space, as sacreBLEU's BLEU._preprocess_segment and extract_all_word_ngrams.
func bleuTokens(line string, o *bleuOpts) []string {
	if o.lowercase || fault("lowercase_always") {
		line = pyLowerStr(line)
	}
	return pySplit(tokenize(pyRstrip(line), o.tokenize))
}

// ngramCounts: the n-grams of exactly order n, keyed by their tokens joined with a space.
func ngramCounts(tokens []string, n int) map[string]int64 {
	c := map[string]int64{}
	for i := 0; i+n <= len(tokens); i++ {
		c[strings.Join(tokens[i:i+n], " ")]++
	}
	return c
}

func absInt(x int64) int64 {
	if x < 0 {
		return -x
	}
	return x
}

// closestRefLength: the reference length closest to the hypothesis length, the shorter on a
// tie (sacreBLEU BLEU._get_closest_ref_len). Fault shortest_ref takes the shortest.
func closestRefLength(hypLen int64, refLens []int64) int64 {
	if fault("shortest_ref") {
		m := refLens[0]
		for _, r := range refLens[1:] {
			if r < m {
				m = r
			}
		}
		return m
	}
	best := refLens[0]
	for _, r := range refLens[1:] {
		if absInt(hypLen-r) < absInt(hypLen-best) {
			best = r
		} else if absInt(hypLen-r) == absInt(hypLen-best) && r < best {
			best = r
		}
	}
	return best
}

// bleuStats: [c, r, m_1..m_N, t_1..t_N]: hypothesis length, closest reference length, and
// per order the matches clipped by the largest count in any one reference and the
// hypothesis n-gram count (sacreBLEU BLEU._compute_segment_statistics). Fault unclipped
// counts every hypothesis n-gram that occurs in a reference.
func bleuStats(hyp string, refs []string, o *bleuOpts) []int64 {
	N := o.maxOrder
	hypTok := bleuTokens(hyp, o)
	refTok := make([][]string, len(refs))
	refLens := make([]int64, len(refs))
	for i, r := range refs {
		refTok[i] = bleuTokens(r, o)
		refLens[i] = int64(len(refTok[i]))
	}
	row := make([]int64, 2+2*N)
	row[0] = int64(len(hypTok))
	row[1] = closestRefLength(row[0], refLens)
	for n := 1; n <= N; n++ {
		bound := map[string]int64{}
		for _, rt := range refTok {
			for g, c := range ngramCounts(rt, n) {
				if c > bound[g] {
					bound[g] = c
				}
			}
		}
		var m int64
		for g, c := range ngramCounts(hypTok, n) {
			b := bound[g]
			if fault("unclipped") {
				if b > 0 {
					m += c
				}
			} else if c < b {
				m += c
			} else {
				m += b
			}
		}
		row[2+n-1] = m
		t := int64(len(hypTok) - n + 1)
		if t < 0 {
			t = 0
		}
		row[2+N+n-1] = t
	}
	return row
}

// brevityPenalty: 1 when c >= r, 0 when c = 0, else exp(1 - r/c) (BLEU._get_brevity_penalty).
func brevityPenalty(c, r int64) float64 {
	if c >= r {
		return 1.0
	}
	if c == 0 {
		return 0.0
	}
	return math.Exp(1 - float64(r)/float64(c))
}

// bleuFromStats: the corpus score from summed statistics (sacreBLEU BLEU.compute_bleu):
// 0 without any match; smoothing none, floor (default 0.1 for a zero count), add-k
// (default 1, orders >= 2) or exp (each zero order 100 / (2^k * total)); orders with no
// hypothesis n-gram end the list, and with effective_order the mean is over the orders
// kept; BP times the geometric mean, log 0 taken as -9999999999 (sacreBLEU my_log).
// Faults: no_smoothing (exp dropped), arithmetic_mean.
func bleuFromStats(stats []int64, o *bleuOpts) float64 {
	N := (len(stats) - 2) / 2
	bp := brevityPenalty(stats[0], stats[1])
	matches := make([]float64, N)
	totals := make([]float64, N)
	anyMatch := false
	for i := 0; i < N; i++ {
		matches[i] = float64(stats[2+i])
		totals[i] = float64(stats[2+N+i])
		if stats[2+i] != 0 {
			anyMatch = true
		}
	}
	if !anyMatch {
		return 0.0
	}
	method := o.smoothMethod
	if fault("no_smoothing") && method == "exp" {
		method = "none"
	}
	value := 0.0
	if o.hasValue {
		value = o.smoothValue
	} else if method == "floor" {
		value = 0.1
	} else if method == "add-k" {
		value = 1
	}
	prec := make([]float64, N)
	factor := 1.0
	eff := N
	for n := 1; n <= N; n++ {
		if method == "add-k" && n > 1 {
			matches[n-1] += value
			totals[n-1] += value
		}
		if totals[n-1] == 0 {
			break
		}
		if o.effective {
			eff = n
		}
		if matches[n-1] == 0 {
			if method == "exp" {
				factor *= 2
				prec[n-1] = 100.0 / float64(factor*totals[n-1])
			} else if method == "floor" {
				prec[n-1] = float64(100.0*value) / totals[n-1]
			}
		} else {
			prec[n-1] = float64(100.0*matches[n-1]) / totals[n-1]
		}
	}
	if fault("arithmetic_mean") {
		s := 0.0
		for _, p := range prec[:eff] {
			s += p
		}
		return float64(bp*s) / float64(eff)
	}
	logSum := 0.0
	for _, p := range prec[:eff] {
		if p == 0 {
			logSum += logZero
		} else {
			logSum += math.Log(p)
		}
	}
	return bp * math.Exp(logSum/float64(eff))
}
