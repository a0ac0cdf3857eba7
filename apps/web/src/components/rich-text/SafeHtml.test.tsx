import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RICH_TEXT_ATTACKS, RICH_TEXT_POLICY } from '@loci/domain';
import { SafeHtml, sanitizeRichText } from './SafeHtml';

const ALLOWED_TAGS = new Set<string>(RICH_TEXT_POLICY.allowedTags);
const ALLOWED_ATTRIBUTES: Record<string, readonly string[]> = RICH_TEXT_POLICY.allowedAttributes;

function renderHtml(html: string) {
  const { container } = render(
    <MantineProvider>
      <div data-testid="rich">
        <SafeHtml html={html} />
      </div>
    </MantineProvider>,
  );
  return container.querySelector('[data-testid="rich"]')!;
}

/** Every element the shown HTML made: only the policy's tags and attributes, links to http(s) or mailto only. */
function expectOnlyPolicy(root: Element, attack: string) {
  const inner = root.querySelector('.mantine-Typography-root > div') ?? root;
  for (const element of inner.querySelectorAll('*')) {
    const tag = element.tagName.toLowerCase();
    expect(ALLOWED_TAGS.has(tag), `<${tag}> from ${attack}: ${inner.innerHTML}`).toBe(true);
    for (const attribute of element.attributes) {
      expect(ALLOWED_ATTRIBUTES[tag] ?? [], `${attribute.name} on <${tag}> from ${attack}`).toContain(attribute.name);
    }
    if (tag === 'a' && element.hasAttribute('href')) {
      const href = element.getAttribute('href')!.trim();
      // A relative link is harmless; a scheme must be one the policy lists.
      if (/^[a-z][a-z0-9+.-]*:/i.test(href)) expect(href).toMatch(/^(https?|mailto):/i);
    }
  }
  expect(inner.innerHTML).not.toMatch(/javascript:|data:|onerror|onload/i);
}

describe('SafeHtml', () => {
  it.each(Object.entries(RICH_TEXT_ATTACKS))('shows nothing executable of %s', (_name, attack) => {
    const root = renderHtml(`<p>before</p>${attack}<p>after</p>`);
    expectOnlyPolicy(root, attack);
    expect(root.textContent).toContain('before');
    expect((window as { __xss?: unknown }).__xss).toBeUndefined();
  });

  it('keeps what the editor writes and opens links in a new tab without the opener', () => {
    const html =
      '<h2>Harbour</h2><p><strong>Bold</strong> <em>italic</em> <u>under</u> <s>gone</s></p>' +
      '<ul><li>one</li></ul><ol><li>two</li></ol><p><a href="https://example.org/">map</a> <a href="mailto:a@b.c">mail</a></p>';
    expect(sanitizeRichText(html)).toBe(
      '<h2>Harbour</h2><p><strong>Bold</strong> <em>italic</em> <u>under</u> <s>gone</s></p>' +
        '<ul><li>one</li></ul><ol><li>two</li></ol>' +
        '<p><a href="https://example.org/" target="_blank" rel="noopener noreferrer">map</a> ' +
        '<a href="mailto:a@b.c" target="_blank" rel="noopener noreferrer">mail</a></p>',
    );
  });

  it('drops styles, classes and other attributes the policy does not list', () => {
    expect(sanitizeRichText('<p style="color:red" class="x" id="y" title="z">text</p>')).toBe('<p>text</p>');
  });

  it('shows nothing for empty rich text', () => {
    expect(renderHtml('').innerHTML).toBe('');
    expect(renderHtml('<script>x</script>').innerHTML).toBe('');
  });
});
