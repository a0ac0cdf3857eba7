/** Deeper than any form body of the product (a rule's condition blocks are the deepest, about a dozen levels). */
export const MAX_REQUEST_DEPTH = 64;

export type RequestTextProblem = { path: string; problem: 'bad-text' | 'too-deep' };

// A NUL, a high surrogate not followed by a low one, or a low surrogate not preceded by a high one.
// eslint-disable-next-line no-control-regex -- finding the NUL control character is the point
const BAD_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True for a string PostgreSQL cannot store: a NUL character or a lone UTF-16 surrogate. */
function isBadText(text: string): boolean {
  return BAD_TEXT.test(text);
}

/**
 * The first place in a parsed request value (params, query or JSON body) holding bad text, in a key or a
 * value, or nested beyond MAX_REQUEST_DEPTH; `path` is dotted like field errors (`payload.label`).
 */
export function findRequestTextProblem(value: unknown, root: string): RequestTextProblem | undefined {
  // An explicit stack: a hostile body may nest far deeper than the call stack goes.
  const stack: Array<{ value: unknown; path: string[] }> = [{ value, path: root ? [root] : [] }];
  for (let item = stack.pop(); item; item = stack.pop()) {
    const at = item.path.join('.') || 'generalError';
    if (typeof item.value === 'string') {
      if (isBadText(item.value)) return { path: at, problem: 'bad-text' };
      continue;
    }
    if (item.value === null || typeof item.value !== 'object') continue;
    if (item.path.length > MAX_REQUEST_DEPTH) return { path: at, problem: 'too-deep' };
    for (const [key, child] of Object.entries(item.value)) {
      if (isBadText(key)) return { path: at, problem: 'bad-text' };
      stack.push({ value: child, path: [...item.path, key] });
    }
  }
  return undefined;
}
