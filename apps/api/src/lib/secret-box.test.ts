import { describe, expect, it } from 'vitest';
import { secretBox } from './secret-box';

describe('secretBox', () => {
  it('seals and opens, never the same text twice, and refuses another key or a changed byte', () => {
    const box = secretBox('one key');
    const a = box.seal('-----BEGIN EC PRIVATE KEY-----');
    const b = box.seal('-----BEGIN EC PRIVATE KEY-----');
    expect(a).not.toBe(b);
    expect(a).not.toContain('PRIVATE');
    expect(box.open(a)).toBe('-----BEGIN EC PRIVATE KEY-----');
    expect(() => secretBox('another key').open(a)).toThrow();
    const parts = a.split('.');
    // Its second-to-last character (all six bits significant) changed, whatever it was (once in 4,096 runs it was "AA" already).
    parts[3] = `${parts[3]!.slice(0, -2)}${parts[3]!.at(-2) === 'A' ? 'B' : 'A'}${parts[3]!.at(-1)}`;
    expect(() => box.open(parts.join('.'))).toThrow();
  });
});
