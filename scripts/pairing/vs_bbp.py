"""Our Dutch pairings against bbpPairings', round by round, over kept tournaments.

bbpPairings (https://github.com/BieremaBoyzProgramming/bbpPairings, Apache-2.0, the 2026
Dutch rules) is built from its source outside this repository and used as a black box:
`bbpPairings.exe --dutch FILE -c` prints each round where its pairing differs from the
file's, and `focus-bot pair --check FILE` prints ours. A round agrees when both list the
same pairs (or neither lists any).

Usage: python3 scripts/pairing/vs_bbp.py BBP_EXE FOCUS_BOT FILE.trf...
"""
import os
import re
import subprocess
import sys


def bbp_rounds(exe, path):
    out = subprocess.run([exe, '--dutch', path, '-c'], capture_output=True, text=True,
                         timeout=600).stdout
    rounds, current = {}, None
    for line in out.splitlines():
        m = re.search(r'Round #(\d+)$', line)
        if m:
            current = int(m.group(1))
            continue
        m = re.match(r'\s+(\d+)\s+-\s+(\d+)\s+(\d+)\s+-\s+(\d+)', line)
        if m and current:
            rounds.setdefault(current, set()).add(f"{m.group(1)}-{m.group(2)}")
    return rounds


def our_rounds(binary, path):
    out = subprocess.run([binary, 'pair', '--check', path], capture_output=True,
                         text=True).stdout
    rounds = {}
    for line in out.splitlines():
        m = re.match(r'round (\d+): differs: the file pairs (.*), we pair (.*)$', line)
        if m:
            rounds[int(m.group(1))] = {x.strip().replace(' bye', '-0')
                                       for x in m.group(3).split(',')}
    return rounds


def main():
    exe, binary, files = sys.argv[1], sys.argv[2], sys.argv[3:]
    agree, differ = 0, []
    for path in files:
        theirs, ours = bbp_rounds(exe, path), our_rounds(binary, path)
        for r in sorted(set(theirs) | set(ours)):
            if theirs.get(r, set()) == ours.get(r, set()):
                agree += 1
            else:
                differ.append(f"{os.path.basename(path)} round {r}")
    print(f"{len(files)} files; rounds where bbpPairings or we differ from the file: "
          f"{agree} where we agree with bbpPairings, {len(differ)} where we do not")
    for line in differ:
        print(' ', line)


if __name__ == '__main__':
    main()
