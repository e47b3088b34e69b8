package main

import (
	"sort"
	"strings"
)

// Python's str.isspace(): the set str.split(), strip() and rstrip() use.
func isSpace(r rune) bool { return pySpace[r] }

// pySplit is Python's str.split() with no argument.
func pySplit(s string) []string {
	var out []string
	start := -1
	for i, r := range s {
		if isSpace(r) {
			if start >= 0 {
				out = append(out, s[start:i])
				start = -1
			}
		} else if start < 0 {
			start = i
		}
	}
	if start >= 0 {
		out = append(out, s[start:])
	}
	return out
}

func pyStrip(s string) string  { return strings.TrimFunc(s, isSpace) }
func pyRstrip(s string) string { return strings.TrimRightFunc(s, isSpace) }

func inRanges(t [][2]rune, r rune) bool {
	i := sort.Search(len(t), func(i int) bool { return t[i][1] >= r })
	return i < len(t) && t[i][0] <= r
}

// finalSigma is CPython's handle_capital_sigma: U+03A3 at i lowercases to U+03C2 when it
// follows a cased letter (case-ignorable ones skipped) and no cased letter follows.
func finalSigma(rs []rune, i int) bool {
	j := i - 1
	for j >= 0 && inRanges(caseIgnorable, rs[j]) {
		j--
	}
	if j < 0 || !inRanges(casedNotIgnorable, rs[j]) {
		return false
	}
	j = i + 1
	for j < len(rs) && inRanges(caseIgnorable, rs[j]) {
		j++
	}
	return j == len(rs) || !inRanges(casedNotIgnorable, rs[j])
}

// pyLowerStr is Python 3.11's str.lower(): full case mappings and the Final_Sigma rule.
func pyLowerStr(s string) string {
	rs := []rune(s)
	var b strings.Builder
	for i, r := range rs {
		if r == 0x3a3 {
			if finalSigma(rs, i) {
				b.WriteRune(0x3c2)
			} else {
				b.WriteRune(0x3c3)
			}
			continue
		}
		if l, ok := pyLower[r]; ok {
			b.WriteString(l)
		} else {
			b.WriteRune(r)
		}
	}
	return b.String()
}
