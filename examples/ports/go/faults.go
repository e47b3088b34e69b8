// Planted faults, switched on by BLEUPRINT_PORT_FAULT (comma-separated names). Each is one
// of the course's pitfalls; a correct checker must catch every one (tests/ports).
package main

import (
	"fmt"
	"os"
	"strings"
)

// knownFaults: the switchable faults, the pitfall each plants and the spec mutant
// (bleuprint.mutants) it reproduces, whose id the vectors that catch it carry as a flag.
var knownFaults = map[string]string{
	"unclipped":            "s01: BLEU n-gram matches not clipped by the reference counts (pitfall 1)",
	"shortest_ref":         "s02: BLEU reference length: the shortest, not the closest (pitfall 2)",
	"arithmetic_mean":      "s07: BLEU: arithmetic instead of geometric mean of the precisions (pitfall 5)",
	"no_smoothing":         "s08: BLEU 'exp' smoothing silently dropped (pitfall 5)",
	"lowercase_always":     "s10: BLEU always lowercases (a different case rule, pitfall 6)",
	"chrf_keep_whitespace": "s11: chrF character n-grams keep white space (pitfall 7)",
	"chrf_average_f":       "s13: chrF averages per-order F scores, not P and R (pitfall 7)",
	"last_reference":       "s14: chrF uses the last reference, not the best one (pitfall 8)",
}

var faults = map[string]bool{}

func fault(name string) bool { return faults[name] }

// setFaults reads BLEUPRINT_PORT_FAULT; an unknown name is an error.
func setFaults() error {
	faults = map[string]bool{}
	for _, f := range strings.Split(os.Getenv("BLEUPRINT_PORT_FAULT"), ",") {
		if f = strings.TrimSpace(f); f == "" {
			continue
		}
		if _, ok := knownFaults[f]; !ok {
			names := make([]string, 0, len(knownFaults))
			for k := range knownFaults {
				names = append(names, k)
			}
			return fmt.Errorf("unknown fault %q in BLEUPRINT_PORT_FAULT (known: %s)", f, strings.Join(names, ", "))
		}
		faults[f] = true
	}
	return nil
}

// skipError: an option value this port does not implement (answered as a skip).
type skipError struct{ msg string }

func (e skipError) Error() string { return e.msg }
