import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { attributeSchema, playEventRequestSchema, richText } from '@loci/domain';
import { holdsRichText } from './rich-text.js';

describe('holdsRichText: which bodies the validator sanitises before parsing', () => {
  it('finds rich text however deep a schema holds it', () => {
    expect(holdsRichText(attributeSchema)).toBe(true);
    expect(holdsRichText(z.object({ list: z.array(z.object({ html: richText.optional() })).nullable() }))).toBe(true);
    expect(holdsRichText(z.union([z.object({ a: z.string() }), z.record(z.string(), richText)]))).toBe(true);
    type Node = { text: string; children: Node[] };
    const node: z.ZodType<Node> = z.lazy(() => z.object({ text: richText, children: z.array(node) })) as never;
    expect(holdsRichText(node)).toBe(true);
  });

  it('passes over a body without rich text (a player event)', () => {
    expect(holdsRichText(playEventRequestSchema)).toBe(false);
    type Tree = { name: string; children: Tree[] };
    const tree: z.ZodType<Tree> = z.lazy(() => z.object({ name: z.string(), children: z.array(tree) }));
    expect(holdsRichText(tree)).toBe(false);
  });
});
