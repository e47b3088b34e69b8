// bleuprint-go-port: exact match, BLEU and chrF/chrF++ as bleuprint's spec (= sacreBLEU
// 2.5.1) computes them, speaking bleuprint's port protocol v1 (docs/port-protocol.md):
// one JSON request per line on standard input, one JSON answer per line on standard output.
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
)

// answer computes one run request: a score with its statistics rows, an error (input the
// metric refuses) or a skip (a metric or option value this port does not implement).
// The protocol loop and the vector tests (vectors_test.go) both call it.
func answer(metric string, opts map[string]interface{}, hyps, refs interface{}) map[string]interface{} {
	var score float64
	var rows [][]int64
	var err error
	switch metric {
	case "exact_match":
		score, rows, err = runExactMatch(hyps, refs, opts)
	case "bleu":
		score, rows, err = runBleu(hyps, refs, opts)
	case "chrf":
		score, rows, err = runChrf(hyps, refs, opts)
	default:
		return map[string]interface{}{"skipped": true,
			"message": fmt.Sprintf("metric %q is not implemented by this port", metric)}
	}
	if se, ok := err.(skipError); ok {
		return map[string]interface{}{"skipped": true, "message": se.msg}
	}
	if err != nil {
		return map[string]interface{}{"error": err.Error()}
	}
	if math.IsNaN(score) || math.IsInf(score, 0) {
		return map[string]interface{}{"error": "score is not finite"}
	}
	return map[string]interface{}{"score": score, "stats": rows}
}

// handle answers one request; the bool is true for stop.
func handle(msg map[string]interface{}) (map[string]interface{}, bool) {
	cmd, _ := msg["cmd"].(string)
	switch cmd {
	case "start":
		return map[string]interface{}{
			"protocol": 1,
			"implementation": map[string]interface{}{
				"name": "bleuprint-go-port", "language": "go", "version": "0.1"},
			"metrics": []string{"exact_match", "bleu", "chrf"},
		}, false
	case "stop":
		return nil, true
	case "run":
		seq := msg["seq"]
		opts, _ := msg["options"].(map[string]interface{})
		if msg["options"] != nil && opts == nil {
			return map[string]interface{}{"seq": seq, "error": "options must be an object"}, false
		}
		metric, _ := msg["metric"].(string)
		reply := answer(metric, opts, msg["hyps"], msg["refs"])
		reply["seq"] = seq
		return reply, false
	}
	return map[string]interface{}{"seq": msg["seq"], "error": fmt.Sprintf("unknown cmd %q", cmd)}, false
}

func main() {
	if err := setFaults(); err != nil {
		fmt.Fprintln(os.Stderr, "bleuprint-go-port:", err)
		os.Exit(2)
	}
	in := bufio.NewReaderSize(os.Stdin, 1<<20)
	out := bufio.NewWriter(os.Stdout)
	for {
		line, rerr := in.ReadBytes('\n')
		if len(bytes.TrimSpace(line)) > 0 {
			dec := json.NewDecoder(bytes.NewReader(line))
			dec.UseNumber()
			var msg map[string]interface{}
			var reply map[string]interface{}
			stop := false
			if err := dec.Decode(&msg); err != nil {
				reply = map[string]interface{}{"error": "bad JSON: " + err.Error()}
			} else {
				reply, stop = handle(msg)
			}
			if stop {
				out.Flush()
				return
			}
			b, err := json.Marshal(reply)
			if err != nil {
				b, _ = json.Marshal(map[string]interface{}{"seq": msg["seq"], "error": err.Error()})
			}
			out.Write(b)
			out.WriteByte('\n')
			out.Flush()
		}
		if rerr == io.EOF {
			out.Flush()
			return
		} else if rerr != nil {
			fmt.Fprintln(os.Stderr, "bleuprint-go-port: read error:", rerr)
			os.Exit(1)
		}
	}
}
