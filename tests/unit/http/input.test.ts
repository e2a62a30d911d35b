import { describe, expect, it } from 'vitest';
import { findUnsafeText, textProblem } from '../../../src/http/input';

describe('unsafe text', () => {
  it('refuses NUL and other control characters but not tab, newline or carriage return', () => {
    expect(textProblem('a\u0000b')).toBe('control');
    expect(textProblem('bell\u0007')).toBe('control');
    expect(textProblem('del\u007f')).toBe('control');
    expect(textProblem('c1\u0085')).toBe('control');
    expect(textProblem('line one\r\nline two\tend')).toBeNull();
    expect(textProblem('Zoë, 山田, ñ, 😀')).toBeNull();
  });

  it('refuses unpaired surrogates', () => {
    expect(textProblem('x\ud800')).toBe('encoding');
    expect(textProblem('\udc00y')).toBe('encoding');
    expect(textProblem('\ud83d\ude00')).toBeNull();
  });

  it('names the field where the bad text is, keys and list items included', () => {
    expect(findUnsafeText({ username: 'ad\u0000min' }, '')).toEqual({
      field: 'username',
      message: 'username contains a control character (such as NUL), which is not allowed',
    });
    expect(findUnsafeText({ item: { keywords: ['ok', 'b\u0000d'] } }, '')?.field).toBe('item.keywords[1]');
    expect(findUnsafeText({ ['k\u0000']: 1 }, '')?.field).toBe('a key');
    expect(findUnsafeText('\ud800', '')).toEqual({
      field: 'body',
      message: 'body contains text that is not valid Unicode, which is not allowed',
    });
    expect(findUnsafeText({ a: 1, b: true, c: null, d: 'fine' }, '')).toBeNull();
  });

  it('stops at a nesting depth instead of walking forever', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 10_000; i++) deep = [deep];
    expect(findUnsafeText(deep, '')?.message).toBe('The request is nested too deeply');
  });
});
