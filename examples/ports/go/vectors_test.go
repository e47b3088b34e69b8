package main

// The port against bleuprint's exported vector files, read directly (the way Go's
// x/crypto reads Wycheproof). Export them with
//
//	bleuprint vectors export DIR
//	BLEUPRINT_VECTORS=DIR go test ./...
//
// Every *.json directly in DIR whose "schema" is bleuprint_metric_vectors_v6.json (text
// segments with references; v1 before generator 1.3.0 added each test's class) is read
// (index.json, the files of schemas v7-v10 (SQuAD's null hypotheses and empty reference lists, ...),
// and other file types such as interval vectors are passed over, and so are
// the subdirectories: DIR/core holds the core suite, run alone with BLEUPRINT_VECTORS=DIR/core);
// unknown keys are ignored. For each test the port implements: a "valid" test must give
// expected.stats exactly and expected.score within the file's scoreTolerance; an
// "invalid" test must be refused. Tests of metrics or option values the port does not
// implement are skipped and counted. BLEUPRINT_PORT_FAULT plants a fault here as in the
// binary, so a planted fault must make this test fail.

import (
	"bytes"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// The level-1 vector schemas: v6 (generator 1.3.0 and later), v1 (before).
const metricSchema, metricSchemaBefore = "bleuprint_metric_vectors_v6.json", "bleuprint_metric_vectors_v1.json"

type vectorFile struct {
	Schema         string      `json:"schema"`
	Metric         string      `json:"metric"`
	ScoreTolerance json.Number `json:"scoreTolerance"`
	TestGroups     []struct {
		Options map[string]interface{} `json:"options"`
		Tests   []struct {
			TcID     int                    `json:"tcId"`
			Comment  string                 `json:"comment"`
			Flags    []string               `json:"flags"`
			Hyps     interface{}            `json:"hyps"`
			Refs     interface{}            `json:"refs"`
			Result   string                 `json:"result"`
			Expected map[string]interface{} `json:"expected"`
		} `json:"tests"`
	} `json:"testGroups"`
}

// vectorFiles: the metric vector files directly in dir, in a fixed order.
func vectorFiles(t *testing.T, dir string) map[string]*vectorFile {
	files := map[string]*vectorFile{}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatalf("reading %s: %v", dir, err)
	}
	for _, entry := range entries {
		if entry.IsDir() || !strings.HasSuffix(entry.Name(), ".json") {
			continue
		}
		path := filepath.Join(dir, entry.Name())
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("reading %s: %v", path, err)
		}
		dec := json.NewDecoder(bytes.NewReader(b))
		dec.UseNumber() // ints stay ints, as the port's input checks expect
		var f vectorFile
		if dec.Decode(&f) != nil || (f.Schema != metricSchema && f.Schema != metricSchemaBefore) {
			continue // the index, another file type
		}
		files[entry.Name()] = &f
	}
	if len(files) == 0 {
		t.Fatalf("no %s files under %s: export them with `bleuprint vectors export DIR`", metricSchema, dir)
	}
	return files
}

func number(v interface{}) (float64, bool) {
	n, ok := v.(json.Number)
	if !ok {
		return 0, false
	}
	f, err := n.Float64()
	return f, err == nil
}

// sameStats: the port's rows equal the expected rows, value by value.
func sameStats(got [][]int64, want interface{}) bool {
	rows, ok := want.([]interface{})
	if !ok || len(rows) != len(got) {
		return false
	}
	for i, r := range rows {
		cols, ok := r.([]interface{})
		if !ok || len(cols) != len(got[i]) {
			return false
		}
		for j, c := range cols {
			if n, ok := c.(json.Number); !ok || n.String() != strconv.FormatInt(got[i][j], 10) {
				return false
			}
		}
	}
	return true
}

func mustJSON(v interface{}) []byte { b, _ := json.Marshal(v); return b }

// check: "" when the port's answer passes the test, else what is wrong.
func check(reply map[string]interface{}, result string, expected map[string]interface{}, tol float64) string {
	if result == "invalid" {
		if _, ok := reply["error"]; ok {
			return ""
		}
		return "the input must be refused, the port answered " + string(mustJSON(reply))
	}
	if e, ok := reply["error"]; ok {
		return "the port refused valid input: " + e.(string)
	}
	score := reply["score"].(float64)
	want, ok := number(expected["score"])
	if !ok || math.Abs(score-want) > tol {
		return "score " + string(mustJSON(score)) + ", expected " + string(mustJSON(expected["score"]))
	}
	if !sameStats(reply["stats"].([][]int64), expected["stats"]) {
		return "stats " + string(mustJSON(reply["stats"])) + ", expected " + string(mustJSON(expected["stats"]))
	}
	return ""
}

func TestVectors(t *testing.T) {
	dir := os.Getenv("BLEUPRINT_VECTORS")
	if dir == "" {
		t.Skip("BLEUPRINT_VECTORS is not set: run `bleuprint vectors export DIR` and then `BLEUPRINT_VECTORS=DIR go test ./...`")
	}
	if err := setFaults(); err != nil {
		t.Fatal(err)
	}
	defer func() { faults = map[string]bool{} }()
	files := vectorFiles(t, dir)
	names := make([]string, 0, len(files))
	for name := range files {
		names = append(names, name)
	}
	sort.Strings(names)
	passed, skipped, failed := 0, 0, 0
	failedFlags := map[string]int{}
	for _, name := range names {
		f := files[name]
		tol, ok := number(json.Number(f.ScoreTolerance))
		if !ok {
			t.Fatalf("%s: scoreTolerance %q is not a number", name, f.ScoreTolerance)
		}
		for _, g := range f.TestGroups {
			for _, tc := range g.Tests {
				reply := answer(f.Metric, g.Options, tc.Hyps, tc.Refs)
				if _, skip := reply["skipped"]; skip {
					skipped++
					continue
				}
				if problem := check(reply, tc.Result, tc.Expected, tol); problem != "" {
					failed++
					for _, flag := range tc.Flags {
						failedFlags[flag]++
					}
					if failed <= 20 {
						t.Errorf("%s tcId %d (%s; flags %v): %s", name, tc.TcID, tc.Comment, tc.Flags, problem)
					}
					continue
				}
				passed++
			}
		}
	}
	t.Logf("%d vector files: %d passed, %d skipped (not implemented by this port), %d failed",
		len(files), passed, skipped, failed)
	if failed > 0 {
		t.Errorf("%d vectors failed; their flags: %v", failed, failedFlags)
	}
}
