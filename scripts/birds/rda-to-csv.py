# Reads an .rda (R XDR serialization) holding data frames of atomic columns; writes each as CSV.
import bz2, gzip, lzma, struct, sys, csv
raw = open(sys.argv[1], 'rb').read()
for f in (bz2.decompress, gzip.decompress, lzma.decompress):
    try: raw = f(raw); break
    except Exception: pass
assert raw[:5] in (b'RDX2\n', b'RDX3\n'), raw[:5]
pos = 7  # after "RDX3\nX\n"
def i32():
    global pos; v = struct.unpack('>i', raw[pos:pos+4])[0]; pos += 4; return v
def length():
    n = i32()
    if n == -1: hi = i32(); lo = i32(); n = (hi << 32) + lo
    return n
version = i32(); i32(); i32()
if version == 3: n = i32(); pos += n
refs = []
def item():
    global pos
    flags = i32(); t = flags & 0xFF; has_attr = flags & (1 << 9); has_tag = flags & (1 << 10)
    if t == 254 or t in (253, 242, 241, 251, 252, 250, 249, 248, 247, 246): return None
    if t == 255:
        idx = flags >> 8
        if idx == 0: idx = i32()
        return refs[idx - 1]
    if t == 1:
        s = item(); refs.append(('sym', s)); return ('sym', s)
    if t in (2, 6, 17):  # pairlist / lang / attrlist
        out = []
        while True:
            attr = item() if has_attr else None
            tag = item() if has_tag else None
            car = item()
            out.append((tag[1] if tag else None, car))
            flags = i32(); t2 = flags & 0xFF; has_attr = flags & (1 << 9); has_tag = flags & (1 << 10)
            if t2 == 254: return ('list', out)
            if t2 not in (2, 6, 17):
                pos -= 4; out.append((None, item())); return ('list', out)
    if t == 9:
        n = i32()
        if n == -1: return None
        s = raw[pos:pos+n].decode('utf-8', 'replace'); pos += n; return s
    if t == 238:  # ALTREP
        info = item(); state = item(); attr = item()
        cls = info[1][0][1][1]
        if cls == 'compact_intseq':
            n, start, inc = state; return [int(start + k * inc) for k in range(int(n))]
        if cls == 'compact_realseq':
            n, start, inc = state; return [start + k * inc for k in range(int(n))]
        if cls.startswith('wrap_'): return state[1][0] if isinstance(state, tuple) else state[0]
        if cls == 'deferred_string': return [str(x) for x in state[1][0]] if isinstance(state, tuple) else state
        raise Exception('altrep ' + cls)
    if t in (10, 13):
        n = length(); v = list(struct.unpack('>%di' % n, raw[pos:pos+4*n])); pos += 4*n
        v = [None if x == -2147483648 else x for x in v]
    elif t == 14:
        n = length(); v = list(struct.unpack('>%dd' % n, raw[pos:pos+8*n])); pos += 8*n
    elif t == 16:
        n = length(); v = [item() for _ in range(n)]
    elif t == 19 or t == 20:
        n = length(); v = [item() for _ in range(n)]
    else:
        raise Exception('type %d at %d' % (t, pos))
    if has_attr:
        a = item(); v = ('attrs', v, dict((k, val) for k, val in a[1]))
    return v
top = item()
for name, obj in top[1]:
    if not (isinstance(obj, tuple) and obj[0] == 'attrs'): continue
    cols = obj[1]; names = obj[2].get('names')
    names = names[1] if isinstance(names, tuple) else names
    out = sys.argv[2] if len(sys.argv) > 2 else name + '.csv'
    with open(out, 'w', newline='') as f:
        w = csv.writer(f); w.writerow(names)
        cols = [c[1] if isinstance(c, tuple) and c[0] == 'attrs' else c for c in cols]
        for r in range(len(cols[0])): w.writerow(['' if c[r] is None else c[r] for c in cols])
    print(name, len(cols[0]), 'rows', names)
