import { describe, expect, it } from 'vitest';
import { isRichTextEmpty } from './game.js';
import { labelOf } from './design/vocabulary.js';
import { richTextAsText } from './rich-text.js';

describe('richTextAsText: the one way from rich text to the text a person reads', () => {
  it('keeps the words of inline tags together and the blocks apart', () => {
    expect(richTextAsText('<p>The <strong>har</strong>bour</p><p>at&nbsp;dawn<br>and dusk</p>')).toBe(
      'The harbour at dawn and dusk',
    );
  });

  it('decodes the entities the editor writes, once', () => {
    expect(richTextAsText('<p>Fish &amp; chips &lt;3 &quot;hot&quot; &#39;n&#39; cold &amp;lt;</p>')).toBe(
      'Fish & chips <3 "hot" \'n\' cold &lt;',
    );
  });

  it('finds an emptied editor empty, and anything else not', () => {
    for (const html of ['', '<p></p>', '<p><br></p>', '<p>&nbsp;</p>', '<p>\u200b</p>', null, undefined])
      expect(isRichTextEmpty(html)).toBe(true);
    expect(isRichTextEmpty('<p>x</p>')).toBe(false);
  });

  it('is what a picker label cuts', () => {
    expect(labelOf(`<p>${'a'.repeat(200)}</p>`)).toBe(`${'a'.repeat(150)}…`);
    expect(labelOf('<h1>Pier</h1><p>Old</p>')).toBe('Pier Old');
  });
});
