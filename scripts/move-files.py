"""Moves source files and rewrites every relative import that points at them or from them (ts, tsx, mjs),
as the modules moved into features/<module>/ were moved. usage: python3 scripts/move-files.py old=new ...
(paths from the repository root; it git-mvs the files; run tsc and biome after)."""
import os, re, subprocess, sys
root = os.path.abspath(os.path.join(os.path.dirname(__file__), '..'))
os.chdir(root)
moves = dict(a.split('=', 1) for a in sys.argv[1:])
moves = {os.path.normpath(k): os.path.normpath(v) for k, v in moves.items()}
skip = ('node_modules', 'dist', 'dist-server', '.tmp', 'data', 'test-results', '.git')
files = []
for d, dirs, fs in os.walk('.'):
    dirs[:] = [x for x in dirs if x not in skip]
    for f in fs:
        if f.endswith(('.ts', '.tsx', '.mjs', '.md')):
            files.append(os.path.normpath(os.path.join(d, f)))
spec = re.compile(r"""((?:from|import)\s*\(?\s*['"])(\.{1,2}/[^'"]+)(['"])""")
def resolve(src, s):
    base = os.path.normpath(os.path.join(os.path.dirname(src), s))
    stem = base[:-3] if base.endswith('.js') else base
    for cand in (stem + '.ts', stem + '.tsx', base, stem + '/index.ts', stem + '/index.tsx'):
        if os.path.isfile(cand): return cand
    return None
new_of = lambda p: moves.get(p, p)
changed = 0
# a comment that names a moved file by its path from the root names its new place
mentions = {}
for old, new in moves.items():
    mentions[old] = new
    stem, ext = os.path.splitext(old)
    if ext in ('.ts', '.tsx'): mentions[stem] = os.path.splitext(new)[0]
mention = re.compile('(?<![\\w/.])(' + '|'.join(re.escape(k) for k in sorted(mentions, key=len, reverse=True)) + ')(?![\\w/])') if mentions else None
# read everything first (targets resolve against the old tree), then move, then write
texts = {f: open(f, encoding='utf8').read() for f in files}
out = {}
for f, text in texts.items():
    nf = new_of(f)
    def sub(m):
        target = resolve(f, m.group(2))
        if target is None: return m.group(0)
        nt = new_of(target)
        if nt == target and nf == f: return m.group(0)
        rel = os.path.relpath(nt, os.path.dirname(nf))
        if not rel.startswith('.'): rel = './' + rel
        ext = os.path.splitext(nt)[1]
        keep_ext = m.group(2).endswith('.js')
        if ext in ('.ts', '.tsx'):
            rel = rel[: -len(ext)] + ('.js' if keep_ext else '')
        return m.group(1) + rel + m.group(3)
    t2 = spec.sub(sub, text)
    t2 = mention.sub(lambda m: mentions[m.group(0)], t2) if mentions else t2
    if t2 != text: out[nf] = t2; changed += 1
for old, new in moves.items():
    os.makedirs(os.path.dirname(new), exist_ok=True)
    subprocess.run(['git', 'mv', old, new], check=True)
for f, t in out.items():
    open(f, 'w', encoding='utf8').write(t)
print('moved', len(moves), 'rewrote', changed)
