package main

import "strings"

const chrfEPS = 1e-16

type chrfOpts struct {
	n, wordOrder  int
	factor        float64 // beta ** 2
	onePlusFactor float64 // 1 + beta ** 2, as Python computes it
	lowercase     bool
	whitespace    bool
	eps           bool
}

func isASCIIPunct(r rune) bool {
	return strings.ContainsRune("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~", r)
}

// chrfWords: the words of chrF++ (sacreBLEU CHRF._remove_punctuation): split on white
// space; a word longer than one character loses one trailing, else one leading, ASCII
// punctuation character, which becomes a word of its own.
func chrfWords(line string) []string {
	var words []string
	for _, tok := range pySplit(line) {
		rs := []rune(tok)
		if len(rs) == 1 {
			words = append(words, tok)
		} else if isASCIIPunct(rs[len(rs)-1]) {
			words = append(words, string(rs[:len(rs)-1]), string(rs[len(rs)-1:]))
		} else if isASCIIPunct(rs[0]) {
			words = append(words, string(rs[:1]), string(rs[1:]))
		} else {
			words = append(words, tok)
		}
	}
	return words
}

// allNgramCounts: character n-grams of orders 1..n (white space removed unless the option
// whitespace; sacreBLEU extract_all_char_ngrams), then word n-grams of orders 1..word_order.
// Fault chrf_keep_whitespace keeps the white space.
func allNgramCounts(line string, o *chrfOpts) []map[string]int64 {
	chars := line
	if !o.whitespace && !fault("chrf_keep_whitespace") {
		chars = strings.Join(pySplit(line), "")
	}
	rs := []rune(chars)
	out := make([]map[string]int64, 0, o.n+o.wordOrder)
	for k := 1; k <= o.n; k++ {
		c := map[string]int64{}
		for i := 0; i+k <= len(rs); i++ {
			c[string(rs[i:i+k])]++
		}
		out = append(out, c)
	}
	words := chrfWords(line)
	for k := 1; k <= o.wordOrder; k++ {
		out = append(out, ngramCounts(words, k))
	}
	return out
}

// chrfFromStats: sacreBLEU CHRF._compute_f_score on summed statistics, times 100: without
// eps smoothing, precision and recall averaged over the effective orders (those with both
// hypothesis and reference n-grams), then F-beta of the two averages; with eps_smoothing,
// the mean over all orders of the per-order F (a zero count taken as 1e-16). Fault
// chrf_average_f averages per-order F scores of the effective orders instead.
func chrfFromStats(stats []int64, o *chrfOpts) float64 {
	orders := o.n + o.wordOrder
	f := o.factor
	fSum := 0.0
	sumP, sumR := 0.0, 0.0
	effective := 0
	var kept []float64 // per-order F of the effective orders (fault chrf_average_f)
	for i := 0; i < orders; i++ {
		h, r, m := stats[3*i], stats[3*i+1], stats[3*i+2]
		p, rec := chrfEPS, chrfEPS
		if h > 0 {
			p = float64(m) / float64(h)
		}
		if r > 0 {
			rec = float64(m) / float64(r)
		}
		den := float64(f*p) + rec
		fo := chrfEPS
		if den > 0 {
			fo = float64(float64(o.onePlusFactor*p)*rec) / den
		}
		fSum += fo
		if h > 0 && r > 0 {
			sumP += p
			sumR += rec
			effective++
			kept = append(kept, fo)
		}
	}
	if o.eps {
		return float64(100*fSum) / float64(orders)
	}
	if fault("chrf_average_f") {
		if len(kept) == 0 {
			return 0.0
		}
		s := 0.0
		for _, x := range kept {
			s += x
		}
		return float64(100*s) / float64(len(kept))
	}
	avgP, avgR := 0.0, 0.0
	if effective > 0 {
		avgP = sumP / float64(effective)
		avgR = sumR / float64(effective)
	}
	if avgP+avgR == 0 {
		return 0.0
	}
	score := float64(float64(o.onePlusFactor*avgP) * avgR)
	score /= float64(f*avgP) + avgR
	return 100 * score
}

// chrfStats: [hyp count, ref count, matches] per order against the best reference, the one
// with the highest sentence F score, the first on a tie (CHRF._compute_segment_statistics).
// Fault last_reference keeps only the last reference.
func chrfStats(hyp string, refs []string, o *chrfOpts) []int64 {
	if fault("last_reference") {
		refs = refs[len(refs)-1:]
	}
	if o.lowercase {
		hyp = pyLowerStr(hyp)
		lr := make([]string, len(refs))
		for i, r := range refs {
			lr[i] = pyLowerStr(r)
		}
		refs = lr
	}
	hc := allNgramCounts(hyp, o)
	var best []int64
	bestScore := -1.0
	for _, ref := range refs {
		rc := allNgramCounts(ref, o)
		stats := make([]int64, 0, 3*len(hc))
		for k := range hc {
			var m, ht, rt int64
			for g, c := range hc[k] {
				rcount := rc[k][g]
				if c < rcount {
					m += c
				} else {
					m += rcount
				}
				ht += c
			}
			for _, c := range rc[k] {
				rt += c
			}
			if len(rc[k]) == 0 {
				ht = 0
			}
			stats = append(stats, ht, rt, m)
		}
		s := chrfFromStats(stats, o)
		if s > bestScore {
			best, bestScore = stats, s
		}
	}
	return best
}
