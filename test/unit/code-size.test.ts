/**
 * The domain stays readable as it grows (docs/architecture.md, "House rules"): no file in
 * src-shared longer than 400 lines, no function longer than 60. Split by concern before either.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { functionSizes, lineCount, sourceFiles } from '../support/code-size';

const root = fileURLToPath(new URL('../../src-shared', import.meta.url));
const files = sourceFiles(root);

describe('src-shared sizes', () => {
  it('finds the domain files', () => {
    expect(files.length).toBeGreaterThan(40);
  });
  it('has no file longer than 400 lines', () => {
    const long = files.filter((f) => lineCount(f) > 400).map((f) => `${f}: ${lineCount(f)} lines`);
    expect(long).toEqual([]);
  });
  it('has no function longer than 60 lines', () => {
    const long = files
      .flatMap(functionSizes)
      .filter((fn) => fn.lines > 60)
      .map((fn) => `${fn.file} ${fn.name}: ${fn.lines} lines`);
    expect(long).toEqual([]);
  });
});
