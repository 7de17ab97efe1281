import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain Node script without types
import { checkI18n } from '../../../../scripts/check-i18n.mjs';

type Finding = { file: string; line: number; kind: string; text: string };

describe('Bengali covers the interface (decision 030)', () => {
  it('has no visible English outside phrase() and no phrase without Bengali', () => {
    const findings = checkI18n() as Finding[];
    expect(findings.map((finding) => `${finding.file}:${finding.line} ${finding.kind}: ${finding.text}`)).toEqual([]);
    // It reads every screen, the contracts and the API's sources with TypeScript's parser: ~10 s, longer on a busy machine.
  }, 120_000);
});
