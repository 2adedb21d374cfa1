import { describe, expect, it } from 'vitest';
import { parseCsvRows, textsFromContent } from './index.ts';

describe('texts from a file', () => {
  it('reads the text column of a CSV: quoted commas, doubled quotes, line breaks, CRLF, a BOM', () => {
    const csv = '\uFEFFid,Text\r\n1,"First, with a comma"\r\n2,"Say ""hi"""\r\n3,"Two\nlines"\r\n4,\r\n';
    expect(textsFromContent(csv)).toEqual(['First, with a comma', 'Say "hi"', 'Two\nlines']);
  });

  it('reads plain text one per line, skipping blank lines', () => {
    expect(textsFromContent('One 🚀\n\n  مرحبا  \r\n你好\n')).toEqual(['One 🚀', 'مرحبا', '你好']);
  });

  it('parses rows as RFC 4180 says', () => {
    expect(parseCsvRows('a,b\n"c,d",e')).toEqual([['a', 'b'], ['c,d', 'e']]);
  });
});
