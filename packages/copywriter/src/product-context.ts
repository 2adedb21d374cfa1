/**
 * Reads a context's content as the product form writes it: what the product does, then a line
 * "What makes it special:" and the features, one per line (bullets optional).
 */
export function parseProductContext(content: string): { whatItDoes: string; features: string[] } {
  const text = content.replace(/\r\n?/g, '\n').trim();
  const marker = /^\s*what makes it special\s*:?\s*$/im;
  const match = marker.exec(text);
  const head = match ? text.slice(0, match.index) : text;
  const tail = match ? text.slice(match.index + match[0].length) : '';
  const clean = (line: string) => line.replace(/^\s*(?:[-•*·▪–]|\d+[.)])\s*/u, '').trim();
  let features = tail.split('\n').map(clean).filter(Boolean);
  const headLines = head.split('\n').map((l) => l.trim()).filter(Boolean);
  // without the marker, bullet lines in the text are the features
  if (!match) {
    const bullets = headLines.filter((l) => /^\s*(?:[-•*·▪–]|\d+[.)])\s+/u.test(l));
    if (bullets.length > 0) features = bullets.map(clean);
  }
  const whatItDoes = headLines.filter((l) => match || !/^\s*(?:[-•*·▪–]|\d+[.)])\s+/u.test(l)).join(' ').trim();
  return { whatItDoes, features: [...new Set(features)].slice(0, 20) };
}

/** Shortens at a word boundary, so a long name or feature cannot burst the layout. */
export function shorten(text: string, max: number): string {
  const t = text.trim().replace(/\s+/g, ' ');
  if (t.length <= max) return t;
  const cut = t.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.5 ? cut.slice(0, space) : cut).replace(/[\s,;:.–-]+$/u, '')}…`;
}

/** "Helps teams ship faster." → "helps teams ship faster" (for use inside a sentence). */
export function asClause(text: string): string {
  const t = text.trim().replace(/[.!?。！？]+$/u, '');
  if (!t) return t;
  const first = t[0]!;
  const isAcronym = t.length > 1 && t[1] === t[1]!.toUpperCase() && /[A-Z]/.test(t[1]!);
  return first.toLowerCase() !== first && !isAcronym ? first.toLowerCase() + t.slice(1) : t;
}
