"""Running pieces of the Meteor 1.5 jar (pycocoevalcap 1.2's) from the tests: a small Java
program compiled against the jar in a temporary folder, fed many lines in one JVM.

Lines travel as hex of their UTF-8 bytes both ways, so no line break, NUL or platform
encoding can change what the jar is given or what it answers. ``jar_or_skip`` skips a
test cleanly where Java or the jar is missing.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

HARNESS = """
import java.io.*;
import java.nio.charset.StandardCharsets;

public class %(name)s {
    static String unhex(String s) {
        byte[] b = new byte[s.length() / 2];
        for (int i = 0; i < b.length; i++) b[i] = (byte) Integer.parseInt(s.substring(2 * i, 2 * i + 2), 16);
        return new String(b, StandardCharsets.UTF_8);
    }
    static String hex(String s) {
        StringBuilder sb = new StringBuilder();
        for (byte x : s.getBytes(StandardCharsets.UTF_8)) sb.append(String.format("%%02x", x & 0xff));
        return sb.toString();
    }
    public static void main(String[] args) throws Exception {
        %(setup)s
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.US_ASCII));
        PrintStream out = new PrintStream(new FileOutputStream(FileDescriptor.out), false, "US-ASCII");
        String line;
        while ((line = in.readLine()) != null) {
            String text = unhex(line);
            String answer;
            %(body)s
            out.println(hex(answer));
        }
        out.flush();
    }
}
"""

#: The jar's -norm as MeteorScorer applies it to a line: normalise (punctuation kept),
#: then lowercase.
NORMALIZE = dict(setup="int lang = edu.cmu.meteor.util.Constants.getLanguageID("
                       "edu.cmu.meteor.util.Constants.normLanguageName(\"en\"));",
                 body="answer = edu.cmu.meteor.util.Normalizer.normalizeLine(text, lang, true).toLowerCase();")

#: The jar's Snowball English stemmer as the aligner calls it.
STEM = dict(setup="edu.cmu.meteor.aligner.Stemmer stemmer = edu.cmu.meteor.util.Constants.newStemmer(\"english\");",
            body="answer = stemmer.stem(text);")


def jar_or_skip() -> Path:
    """The pinned jar, or a skip naming what is missing."""
    if shutil.which("java") is None or shutil.which("javac") is None:
        pytest.skip("java and javac (Java 17) are needed to run the Meteor 1.5 jar")
    from bleuprint.metrics.meteor.resources import find_jar

    try:
        return find_jar()
    except ValueError as exc:
        pytest.skip(str(exc))


def run_harness(jar: Path, folder: Path, name: str, piece: dict, lines: list[str]) -> list[str]:
    """Compile ``piece`` (``NORMALIZE`` or ``STEM``) as class ``name`` in ``folder`` and
    answer every line in one JVM run."""
    source = folder / f"{name}.java"
    source.write_text(HARNESS % dict(name=name, **piece), encoding="utf-8")
    subprocess.run(["javac", "-cp", str(jar), "-d", str(folder), str(source)], check=True,
                   capture_output=True)
    given = "".join(text.encode("utf-8").hex() + "\n" for text in lines)
    done = subprocess.run(["java", "-cp", f"{jar}:{folder}", name], input=given.encode("ascii"),
                          capture_output=True, check=True)
    answers = done.stdout.decode("ascii").split("\n")[:-1]
    assert len(answers) == len(lines), done.stderr.decode("utf-8", "replace")[-2000:]
    return [bytes.fromhex(answer).decode("utf-8") for answer in answers]
