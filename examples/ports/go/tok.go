package main

import "strings"

func isDigit(r rune) bool { return r >= '0' && r <= '9' }

// r1Class: mteval-v13a's first rule, [\{-\~\[-\` -\&\(-\+\:-\@\/].
func r1Class(r rune) bool {
	return (r >= 0x7b && r <= 0x7e) || (r >= 0x5b && r <= 0x60) || (r >= 0x20 && r <= 0x26) ||
		(r >= 0x28 && r <= 0x2b) || (r >= 0x3a && r <= 0x40) || r == '/'
}

func isDotComma(r rune) bool { return r == '.' || r == ',' }

// sub2 is re.sub for a pattern of two single-character classes: a left-to-right,
// non-overlapping scan (every match has length 2, so this is exactly Python's search).
func sub2(rs []rune, first, second func(rune) bool, emit func(b *[]rune, a, c rune)) []rune {
	out := make([]rune, 0, len(rs)+len(rs)/2)
	for i := 0; i < len(rs); {
		if i+1 < len(rs) && first(rs[i]) && second(rs[i+1]) {
			emit(&out, rs[i], rs[i+1])
			i += 2
		} else {
			out = append(out, rs[i])
			i++
		}
	}
	return out
}

func applyMtevalRules(line string) string {
	rs := []rune(line)
	// R1: ' \1 ' around each character of the class.
	out := make([]rune, 0, 3*len(rs))
	for _, r := range rs {
		if r1Class(r) {
			out = append(out, ' ', r, ' ')
		} else {
			out = append(out, r)
		}
	}
	rs = out
	notDigit := func(r rune) bool { return !isDigit(r) }
	// R2: ([^0-9])([\.,]) -> \1 \2 (with a trailing space)
	rs = sub2(rs, notDigit, isDotComma, func(b *[]rune, a, c rune) { *b = append(*b, a, ' ', c, ' ') })
	// R3: ([\.,])([^0-9]) -> ' \1 \2'
	rs = sub2(rs, isDotComma, notDigit, func(b *[]rune, a, c rune) { *b = append(*b, ' ', a, ' ', c) })
	// R4: ([0-9])(-) -> '\1 \2 '
	rs = sub2(rs, isDigit, func(r rune) bool { return r == '-' }, func(b *[]rune, a, c rune) { *b = append(*b, a, ' ', c, ' ') })
	return strings.Join(pySplit(string(rs)), " ")
}

// tokenize13a: sacreBLEU's Tokenizer13a: "<skipped>" and "-\n" removed, newlines made
// spaces, the &quot; &amp; &lt; &gt; entities unescaped, then the mteval-v13a rules.
func tokenize13a(line string) string {
	line = strings.ReplaceAll(line, "<skipped>", "")
	line = strings.ReplaceAll(line, "-\n", "")
	line = strings.ReplaceAll(line, "\n", " ")
	if strings.Contains(line, "&") {
		line = strings.ReplaceAll(line, "&quot;", "\"")
		line = strings.ReplaceAll(line, "&amp;", "&")
		line = strings.ReplaceAll(line, "&lt;", "<")
		line = strings.ReplaceAll(line, "&gt;", ">")
	}
	return applyMtevalRules(" " + line + " ")
}

func tokenize(line, name string) string {
	if name == "13a" {
		return tokenize13a(line)
	}
	return line // "none"
}
