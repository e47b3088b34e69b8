// The metrics behind the protocol: each run* checks its options (the names and ranges of
// bleuprint's Option declarations), checks the corpus, computes one statistics row per
// segment and the corpus score from the column sums, as sacreBLEU does (the corpus score is
// a function of summed statistics, never an average of sentence scores).
package main

import (
	"encoding/json"
	"fmt"
	"math"
	"math/big"
	"strconv"
)

func runExactMatch(hv, rv interface{}, opts map[string]interface{}) (float64, [][]int64, error) {
	if err := checkOptionNames(opts); err != nil {
		return 0, nil, err
	}
	hyps, refs, err := checkCorpus(hv, rv, true)
	if err != nil {
		return 0, nil, err
	}
	rows := make([][]int64, len(hyps))
	matched := 0
	for i, h := range hyps {
		rows[i] = []int64{0}
		for _, r := range refs[i] {
			if pyStrip(h) == pyStrip(r) {
				rows[i][0] = 1
				matched++
				break
			}
		}
	}
	return float64(matched) / float64(len(hyps)), rows, nil
}

func parseBleuOpts(opts map[string]interface{}) (*bleuOpts, error) {
	if err := checkOptionNames(opts, "tokenize", "lowercase", "smooth_method", "smooth_value",
		"max_ngram_order", "effective_order"); err != nil {
		return nil, err
	}
	o := &bleuOpts{tokenize: "13a", smoothMethod: "exp", maxOrder: 4}
	if v, ok := opts["tokenize"]; ok {
		s, isStr := v.(string)
		if !isStr {
			return nil, fmt.Errorf("tokenizer must be a str, got %s", typeName(v))
		}
		switch s {
		case "13a", "none":
			o.tokenize = s
		case "intl", "zh", "char":
			return nil, skipError{fmt.Sprintf("tokenizer %q is not implemented by this port (13a and none only)", s)}
		default:
			return nil, fmt.Errorf("unknown tokenizer %q: expected one of 13a, none, intl, zh, char", s)
		}
	}
	if v, ok := opts["smooth_method"]; ok {
		s, isStr := v.(string)
		if !isStr {
			return nil, fmt.Errorf("smooth_method must be a str, got %s", typeName(v))
		}
		if s != "none" && s != "floor" && s != "add-k" && s != "exp" {
			return nil, fmt.Errorf("unknown smooth_method %q: expected one of none, floor, add-k, exp", s)
		}
		o.smoothMethod = s
	}
	if v, ok := opts["smooth_value"]; ok && v != nil {
		n, isNum := v.(json.Number)
		if !isNum {
			return nil, fmt.Errorf("smooth_value must be a number, got %s", typeName(v))
		}
		var f float64
		if isIntNumber(n) {
			i, err := strconv.ParseInt(string(n), 10, 64)
			if err != nil || i < 0 || i > maxStatistic {
				return nil, fmt.Errorf("smooth_value must be a finite number >= 0 (at most 2**53), got %s", n)
			}
			f = float64(i)
		} else {
			var err error
			f, err = strconv.ParseFloat(string(n), 64)
			if err != nil || math.IsInf(f, 0) || math.IsNaN(f) || f < 0 || f > maxStatistic {
				return nil, fmt.Errorf("smooth_value must be a finite number >= 0 (at most 2**53), got %s", n)
			}
		}
		o.smoothValue, o.hasValue = f, true
	}
	if v, ok := opts["max_ngram_order"]; ok {
		n, err := intOption(v, "max_ngram_order", 1, 10000)
		if err != nil {
			return nil, err
		}
		o.maxOrder = n
	}
	o.lowercase = truthy(opts["lowercase"])
	o.effective = truthy(opts["effective_order"])
	return o, nil
}

func runBleu(hv, rv interface{}, opts map[string]interface{}) (float64, [][]int64, error) {
	o, err := parseBleuOpts(opts)
	if err != nil {
		return 0, nil, err
	}
	hyps, refs, err := checkCorpus(hv, rv, false)
	if err != nil {
		return 0, nil, err
	}
	rows := make([][]int64, len(hyps))
	sum := make([]int64, 2+2*o.maxOrder)
	for i, h := range hyps {
		rows[i] = bleuStats(h, refs[i], o)
		for j, x := range rows[i] {
			sum[j] += x
		}
	}
	return bleuFromStats(sum, o), rows, nil
}

func parseChrfOpts(opts map[string]interface{}) (*chrfOpts, error) {
	if err := checkOptionNames(opts, "n", "beta", "word_order", "lowercase", "whitespace",
		"eps_smoothing"); err != nil {
		return nil, err
	}
	o := &chrfOpts{n: 6, factor: 4, onePlusFactor: 5}
	var err error
	if v, ok := opts["n"]; ok {
		if o.n, err = intOption(v, "n", 0, 10000); err != nil {
			return nil, err
		}
	}
	if v, ok := opts["word_order"]; ok {
		if o.wordOrder, err = intOption(v, "word_order", 0, 10000); err != nil {
			return nil, err
		}
	}
	if o.n+o.wordOrder == 0 {
		return nil, fmt.Errorf("n and word_order are both 0: chrF needs at least one character or word order")
	}
	if v, ok := opts["beta"]; ok {
		n, isNum := v.(json.Number)
		if !isNum {
			return nil, fmt.Errorf("beta must be a number, got %s", typeName(v))
		}
		if isIntNumber(n) {
			// Python squares an int exactly, then converts: round once, as big.Float does.
			b, _ := new(big.Int).SetString(string(n), 10)
			sq := new(big.Int).Mul(b, b)
			f, _ := new(big.Float).SetInt(sq).Float64()
			g, _ := new(big.Float).SetInt(new(big.Int).Add(sq, big.NewInt(1))).Float64()
			o.factor, o.onePlusFactor = f, g
		} else {
			b, err := strconv.ParseFloat(string(n), 64)
			if err != nil && !math.IsInf(b, 0) {
				return nil, fmt.Errorf("beta %s is not a number", n)
			}
			o.factor = b * b
			o.onePlusFactor = 1 + o.factor
		}
		if math.IsInf(o.factor, 0) || math.IsNaN(o.factor) {
			return nil, fmt.Errorf("beta must be a finite number with a finite square, got %s", n)
		}
	}
	o.lowercase = truthy(opts["lowercase"])
	o.whitespace = truthy(opts["whitespace"])
	o.eps = truthy(opts["eps_smoothing"])
	return o, nil
}

func runChrf(hv, rv interface{}, opts map[string]interface{}) (float64, [][]int64, error) {
	o, err := parseChrfOpts(opts)
	if err != nil {
		return 0, nil, err
	}
	hyps, refs, err := checkCorpus(hv, rv, false)
	if err != nil {
		return 0, nil, err
	}
	rows := make([][]int64, len(hyps))
	sum := make([]int64, 3*(o.n+o.wordOrder))
	for i, h := range hyps {
		rows[i] = chrfStats(h, refs[i], o)
		for j, x := range rows[i] {
			sum[j] += x
		}
	}
	return chrfFromStats(sum, o), rows, nil
}
