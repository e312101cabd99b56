const TEXT_SHOW = new Set(['Tj', 'TJ', "'", '"']);
const PATH_PAINT = new Set(['S', 's', 'f', 'F', 'f*', 'B', 'B*', 'b', 'b*']);
const PATH_BUILD = new Set(['m', 'l', 'c', 'v', 'y', 'h', 're']);

/** Each byte's class in a content stream: 0 regular, 1 white space, 2 delimiter (ISO 32000-1, 7.2.2). */
const CLASS = new Uint8Array(256);
for (const byte of [0x20, 0x0a, 0x0d, 0x09, 0x0c, 0x00]) CLASS[byte] = 1;
for (const char of '()<>[]{}/%') CLASS[char.charCodeAt(0)] = 2;
const isSpace = (byte: number) => CLASS[byte] === 1;
const isDelimiter = (byte: number) => CLASS[byte] === 2;

const keyOf = (bytes: Uint8Array, from: number, to: number) => {
  let key = 0;
  for (let at = from; at < to; at++) key = key * 256 + bytes[at]!;
  return key;
};
const keyOfName = (name: string) => keyOf(new TextEncoder().encode(name), 0, name.length);

/** The operators the marking reads, by their bytes as one number. */
const OPERATORS = new Map<number, string>(
  [...TEXT_SHOW, ...PATH_PAINT, ...PATH_BUILD, 'n', 'BT', 'ET', 'BDC', 'BMC', 'EMC', 'BI', 'Do'].map((name) => [keyOfName(name), name]),
);
const KEYWORDS = new Set(['true', 'false', 'null'].map(keyOfName));

const ARTIFACT = new TextEncoder().encode('/Artifact');
const MCID = new TextEncoder().encode('/MCID');

function startsWith(bytes: Uint8Array, at: number, prefix: Uint8Array): boolean {
  return at >= 0 && prefix.every((byte, index) => bytes[at + index] === byte);
}

function includes(bytes: Uint8Array, from: number, to: number, needle: Uint8Array): boolean {
  for (let at = Math.max(0, from); at + needle.length <= to; at++) if (startsWith(bytes, at, needle)) return true;
  return false;
}

/** Told of an operator of a content stream: its name, and where its operands start and it ends. */
type OperatorVisit = (name: string, operandsStart: number, end: number) => void;

/**
 * Reads a content stream's operators (ISO 32000-1, 7.8.2), skipping operands, strings and
 * comments. A callback, not a generator: the example book's 164,000 operators took 68 ms cold
 * and 30 ms warm as a generator, 33 and 15 ms this way.
 */
function forEachOperator(bytes: Uint8Array, visit: OperatorVisit): void {
  let at = 0;
  let operandsStart = -1;
  const length = bytes.length;
  while (at < length) {
    const byte = bytes[at]!;
    if (isSpace(byte)) {
      at++;
      continue;
    }
    if (operandsStart < 0) operandsStart = at;
    if (byte === 0x25) {
      while (at < length && bytes[at] !== 0x0a && bytes[at] !== 0x0d) at++;
    } else if (byte === 0x28) {
      // A literal string: balanced parentheses, backslash escapes.
      let depth = 0;
      for (; at < length; at++) {
        const c = bytes[at]!;
        if (c === 0x5c) at++;
        else if (c === 0x28) depth++;
        else if (c === 0x29 && --depth === 0) break;
      }
      at++;
    } else if (byte === 0x3c && bytes[at + 1] !== 0x3c) {
      while (at < length && bytes[at] !== 0x3e) at++;
      at++;
    } else if (byte === 0x3c || byte === 0x3e) {
      at += 2;
    } else if (isDelimiter(byte)) {
      at++;
      if (byte === 0x2f) while (at < length && CLASS[bytes[at]!] === 0) at++;
    } else {
      const start = at;
      while (at < length && CLASS[bytes[at]!] === 0) at++;
      const first = bytes[start]!;
      if ((first >= 0x30 && first <= 0x39) || first === 0x2b || first === 0x2d || first === 0x2e) continue;
      // The operators that matter here, and the keywords true, false and null (operands), are
      // at most five bytes long: they are looked up by their bytes as one number, not as strings.
      const key = at - start <= 5 ? keyOf(bytes, start, at) : -1;
      if (KEYWORDS.has(key)) continue;
      const name = OPERATORS.get(key);
      if (name === undefined) {
        operandsStart = -1;
        continue;
      }
      if (name === 'BI') {
        // An inline image: its data runs to the EI that ends it.
        const data = findInlineImageEnd(bytes, at);
        visit(name, operandsStart, data);
        at = data;
      } else {
        visit(name, operandsStart, at);
      }
      operandsStart = -1;
    }
  }
}

function findInlineImageEnd(bytes: Uint8Array, from: number): number {
  for (let at = from; at + 2 < bytes.length; at++) {
    if (isSpace(bytes[at]!) && bytes[at + 1] === 0x45 && bytes[at + 2] === 0x49 && (at + 3 >= bytes.length || isSpace(bytes[at + 3]!))) {
      return at + 3;
    }
  }
  return bytes.length;
}

/**
 * Marks what a page draws outside any marked content as an artifact. Chromium prints content that
 * is not in the page's accessibility tree (CSS generated content such as code line numbers,
 * `aria-hidden` text) untagged; a tagged PDF has to say it is an artifact
 * (ISO 14289-1, 7.1). Each run of such drawing gets `/Artifact BMC … EMC`, closed before any marked
 * content, text object boundary or path it would otherwise cross. A form XObject is drawn as such
 * drawing, unless it is one of `taggedForms` (by resource name): one with marked content of its
 * own, before which an open artifact is closed. Returns the stream unchanged
 * (the same array) when it draws nothing untagged.
 */
export function markUntaggedAsArtifacts(bytes: Uint8Array, taggedForms: ReadonlySet<string> = new Set()): Uint8Array {
  const inserts: Array<{at: number; text: string}> = [];
  // Open marked content, each true when it makes what it holds content or artifact (an MCID, an
  // Artifact) and false when it does not (a Span carrying a ligature's ActualText, say).
  const marks: boolean[] = [];
  let owners = 0;
  let open = false;
  let pathStart = -1;
  const close = (at: number) => {
    if (!open) return;
    inserts.push({at, text: ' EMC\n'});
    open = false;
  };
  forEachOperator(bytes, (name, operandsStart, end) => {
    if (name === 'BDC' || name === 'BMC') {
      close(operandsStart);
      const owns = startsWith(bytes, operandsStart, ARTIFACT) || (name === 'BDC' && includes(bytes, operandsStart, end, MCID));
      marks.push(owns);
      if (owns) owners++;
    } else if (name === 'EMC') {
      close(operandsStart);
      if (marks.pop()) owners--;
    } else if (name === 'BT' || name === 'ET') {
      close(operandsStart);
    } else if (name === 'Do') {
      // A form with marked content of its own (Chromium's layer for text at opacity below 1) must
      // not be held by an artifact; any other form drawn outside marked content is untagged
      // drawing (a layer of line numbers at opacity 0.5).
      const form = new TextDecoder().decode(bytes.subarray(operandsStart, end)).match(/^\s*\/(\S+)/)?.[1];
      if (form !== undefined && taggedForms.has(form)) close(operandsStart);
      else if (owners === 0 && !open) {
        inserts.push({at: operandsStart, text: '/Artifact BMC\n'});
        open = true;
      }
    } else if (PATH_BUILD.has(name)) {
      if (pathStart < 0) pathStart = operandsStart;
    } else if (owners === 0 && (TEXT_SHOW.has(name) || PATH_PAINT.has(name))) {
      if (!open) {
        inserts.push({at: PATH_PAINT.has(name) && pathStart >= 0 ? pathStart : operandsStart, text: '/Artifact BMC\n'});
        open = true;
      }
    }
    if (PATH_PAINT.has(name) || name === 'n') pathStart = -1;
  });
  close(bytes.length);
  return edited(
    bytes,
    inserts.map(({at, text}) => ({from: at, to: at, text})),
  );
}

/**
 * Makes the marked content sequences with these MCIDs artifacts: `/Tag <</MCID n>> BDC` becomes
 * `/Artifact BMC`; what they hold and their EMC stay. Returns the stream unchanged (the same
 * array) when it has none of them.
 */
export function markContentAsArtifacts(bytes: Uint8Array, mcids: ReadonlySet<number>): Uint8Array {
  const edits: Edit[] = [];
  forEachOperator(bytes, (name, operandsStart, end) => {
    if (name !== 'BDC') return;
    const mcid = mcidIn(bytes, operandsStart, end);
    if (mcid !== undefined && mcids.has(mcid)) edits.push({from: operandsStart, to: end, text: '/Artifact BMC'});
  });
  return edited(bytes, edits);
}

/** The number after `/MCID` in a BDC's operands. */
function mcidIn(bytes: Uint8Array, from: number, to: number): number | undefined {
  for (let at = from; at + MCID.length <= to; at++) {
    if (!startsWith(bytes, at, MCID)) continue;
    let digit = at + MCID.length;
    while (digit < to && isSpace(bytes[digit]!)) digit++;
    let value = 0;
    const start = digit;
    for (; digit < to && bytes[digit]! >= 0x30 && bytes[digit]! <= 0x39; digit++) value = value * 10 + bytes[digit]! - 0x30;
    return digit > start ? value : undefined;
  }
  return undefined;
}

/** Replaces bytes `from`–`to` by `text`; ranges do not overlap. */
type Edit = {from: number; to: number; text: string};

function edited(bytes: Uint8Array, edits: Edit[]): Uint8Array {
  if (edits.length === 0) return bytes;
  const encoder = new TextEncoder();
  const pieces: Uint8Array[] = [];
  let from = 0;
  for (const edit of edits.sort((a, b) => a.from - b.from)) {
    pieces.push(bytes.subarray(from, edit.from), encoder.encode(edit.text));
    from = edit.to;
  }
  pieces.push(bytes.subarray(from));
  const out = new Uint8Array(pieces.reduce((sum, piece) => sum + piece.length, 0));
  let offset = 0;
  for (const piece of pieces) {
    out.set(piece, offset);
    offset += piece.length;
  }
  return out;
}
