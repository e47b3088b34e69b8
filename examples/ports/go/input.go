// Input checks: Python-like views of the JSON values a request carries (decoded with
// UseNumber, so ints and floats stay apart as in Python) and the corpus layout checks of
// bleuprint's spec (a list of hypothesis strings; refs[i] a non-empty list of reference
// strings, or a bare string for exact match).
package main

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

func typeName(v interface{}) string {
	switch x := v.(type) {
	case nil:
		return "NoneType"
	case bool:
		return "bool"
	case string:
		return "str"
	case json.Number:
		if isIntNumber(x) {
			return "int"
		}
		return "float"
	case []interface{}:
		return "list"
	case map[string]interface{}:
		return "dict"
	}
	return fmt.Sprintf("%T", v)
}

func isIntNumber(n json.Number) bool { return !strings.ContainsAny(string(n), ".eE") }

// truthy is Python's bool() of a JSON value.
func truthy(v interface{}) bool {
	switch x := v.(type) {
	case nil:
		return false
	case bool:
		return x
	case string:
		return x != ""
	case json.Number:
		f, err := x.Float64()
		return err != nil || f != 0
	case []interface{}:
		return len(x) > 0
	case map[string]interface{}:
		return len(x) > 0
	}
	return true
}

// intOption: an int (not bool, not float) in [min, max].
func intOption(v interface{}, what string, min, max int64) (int, error) {
	n, ok := v.(json.Number)
	if !ok || !isIntNumber(n) {
		return 0, fmt.Errorf("%s must be an int, got %s", what, typeName(v))
	}
	i, err := strconv.ParseInt(string(n), 10, 64)
	if err != nil || i > max {
		return 0, fmt.Errorf("%s=%s is larger than this port supports (%d)", what, n, max)
	}
	if i < min {
		return 0, fmt.Errorf("%s must be >= %d, got %d", what, min, i)
	}
	return int(i), nil
}

func textOf(v interface{}, what string) (string, error) {
	s, ok := v.(string)
	if !ok {
		return "", fmt.Errorf("%s must be a str, got %s", what, typeName(v))
	}
	return s, nil
}

func checkHyps(v interface{}) ([]string, error) {
	l, ok := v.([]interface{})
	if !ok {
		return nil, fmt.Errorf("hyps must be a sequence of hypothesis strings, got %s", typeName(v))
	}
	if len(l) == 0 {
		return nil, fmt.Errorf("empty corpus: hyps has no sentences")
	}
	out := make([]string, len(l))
	for i, h := range l {
		s, err := textOf(h, fmt.Sprintf("hyps[%d]", i))
		if err != nil {
			return nil, err
		}
		out[i] = s
	}
	return out, nil
}

func checkRefList(v interface{}, what string, bareOK bool) ([]string, error) {
	if s, ok := v.(string); ok {
		if bareOK {
			return []string{s}, nil
		}
		return nil, fmt.Errorf("%s must be a list of reference strings, got a bare str", what)
	}
	l, ok := v.([]interface{})
	if !ok {
		return nil, fmt.Errorf("%s must be a sequence of reference strings, got %s", what, typeName(v))
	}
	if len(l) == 0 {
		return nil, fmt.Errorf("%s is empty: every hypothesis needs at least one reference", what)
	}
	out := make([]string, len(l))
	for k, r := range l {
		s, err := textOf(r, fmt.Sprintf("%s[%d]", what, k))
		if err != nil {
			return nil, err
		}
		out[k] = s
	}
	return out, nil
}

func checkCorpus(hv, rv interface{}, bareOK bool) ([]string, [][]string, error) {
	hyps, err := checkHyps(hv)
	if err != nil {
		return nil, nil, err
	}
	l, ok := rv.([]interface{})
	if !ok {
		return nil, nil, fmt.Errorf("refs must be a sequence with one list of references per hypothesis, got %s", typeName(rv))
	}
	if len(l) != len(hyps) {
		return nil, nil, fmt.Errorf("mismatched lengths: %d hypotheses but %d reference lists", len(hyps), len(l))
	}
	refs := make([][]string, len(l))
	for i, r := range l {
		if refs[i], err = checkRefList(r, fmt.Sprintf("refs[%d]", i), bareOK); err != nil {
			return nil, nil, err
		}
	}
	return hyps, refs, nil
}

func checkOptionNames(opts map[string]interface{}, allowed ...string) error {
	for k := range opts {
		found := false
		for _, a := range allowed {
			if k == a {
				found = true
			}
		}
		if !found {
			return fmt.Errorf("unexpected option %q", k)
		}
	}
	return nil
}

const maxStatistic = 1 << 53
