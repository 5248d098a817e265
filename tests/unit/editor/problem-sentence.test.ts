import { describe, expect, it } from 'vitest';
import { problemSentence } from '../../../editor/problem-sentence.js';

const said = (parts: { before: string; link: string; after: string }) => `${parts.before}[${parts.link}]${parts.after}`;

describe('a problem in the list above the form reads as one sentence', () => {
  it('named the field twice ("Office 1 › Map position › Latitude: Office 1 › Map position › Latitude is required"): a message that names its field links the name where it says it', () => {
    const field = 'Office 1 › Map position › Latitude';
    expect(said(problemSentence(field, `${field} is required: fill it in with a latitude in degrees.`))).toBe(
      '[Office 1 › Map position › Latitude] is required: fill it in with a latitude in degrees.',
    );
    expect(said(problemSentence('Company › Name', 'Replace the sample value in Company › Name with the company’s own.'))).toBe(
      'Replace the sample value in [Company › Name] with the company’s own.',
    );
  });

  it('puts the field’s name before a message that does not name it', () => {
    expect(said(problemSentence('Business › GSTIN', 'The GSTIN ends in 2.'))).toBe('[Business › GSTIN]: The GSTIN ends in 2.');
    expect(said(problemSentence('The file', 'The file is not YAML.'))).toBe('[The file] is not YAML.');
  });
});
